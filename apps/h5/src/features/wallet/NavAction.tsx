import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

/** An icon button in the navigation bar that opens a page (records, add). */
export function NavAction({
  label,
  icon,
  to,
  testId,
}: {
  label: string;
  icon: ReactNode;
  to: string;
  testId: string;
}) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="hx-icon-button"
      aria-label={label}
      title={label}
      onClick={() => navigate(to)}
      data-testid={testId}
    >
      {icon}
    </button>
  );
}
