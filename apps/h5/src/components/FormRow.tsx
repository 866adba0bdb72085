import type { ReactNode } from 'react';

/** A labelled form control with its inline error below. */
export function FormRow({
  label,
  error,
  children,
  extra,
}: {
  label: ReactNode;
  error?: string;
  children: ReactNode;
  /** Beside the control, e.g. a "send code" button. */
  extra?: ReactNode;
}) {
  return (
    <div className={error ? 'hx-field hx-field--error' : 'hx-field'}>
      <div className="hx-field-label">{label}</div>
      <div className="hx-field-control">
        <div className="hx-field-input">{children}</div>
        {extra}
      </div>
      {error && (
        <div className="hx-field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
