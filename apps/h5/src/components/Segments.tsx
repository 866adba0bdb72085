import type { ReactNode } from 'react';

/**
 * Equal segments, one of them chosen: tabs over a list (`tab`, the default) or a setting's
 * choices (`radio`). Styled by `.hx-segments` (components.css); `className` adds a variant.
 */
export function Segments<K extends string>({
  options,
  value,
  onChange,
  label,
  testId,
  role = 'tab',
  className,
  ariaLabel,
}: {
  options: readonly K[];
  value: K;
  onChange: (key: K) => void;
  label: (key: K) => ReactNode;
  testId: (key: K) => string;
  role?: 'tab' | 'radio';
  className?: string;
  ariaLabel?: string;
}) {
  return (
    <div
      className={className ? `hx-segments ${className}` : 'hx-segments'}
      role={role === 'tab' ? 'tablist' : 'radiogroup'}
      aria-label={ariaLabel}
    >
      {options.map((key) => (
        <button
          key={key}
          type="button"
          role={role}
          {...(role === 'tab'
            ? { 'aria-selected': key === value }
            : { 'aria-checked': key === value })}
          className={key === value ? 'hx-segment hx-segment--active' : 'hx-segment'}
          onClick={() => onChange(key)}
          data-testid={testId(key)}
        >
          {label(key)}
        </button>
      ))}
    </div>
  );
}
