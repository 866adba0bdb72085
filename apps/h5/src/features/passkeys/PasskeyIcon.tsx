/**
 * A person and a key, the sign users know passkeys by (antd-mobile's key reads as a magnifier
 * at small sizes). Sized and coloured like an icon font: 1em, currentColor.
 */
export function PasskeyIcon({ className }: { className?: string }) {
  return (
    <svg
      className={className}
      width="1em"
      height="1em"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <circle cx="9" cy="7" r="4" />
      <path d="M2 21v-1.5A5.5 5.5 0 0 1 7.5 14h3c.9 0 1.8.2 2.5.6" />
      <circle cx="18" cy="12.5" r="2.5" />
      <path d="M18 15v6l1.5-1.2M18 18.5h1.5" />
    </svg>
  );
}
