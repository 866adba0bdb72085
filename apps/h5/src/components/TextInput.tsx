import type { InputHTMLAttributes } from 'react';

type TextInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  value: string;
  onChange: (value: string) => void;
  testId?: string;
  onEnter?: () => void;
};

/** A plain input in the app's style; test ids land on the input itself. */
export function TextInput({
  value,
  onChange,
  testId,
  onEnter,
  className,
  ...rest
}: TextInputProps) {
  return (
    <input
      {...rest}
      className={className ? `hx-input ${className}` : 'hx-input'}
      value={value}
      data-testid={testId}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && onEnter) onEnter();
      }}
    />
  );
}
