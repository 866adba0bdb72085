import { Button, type ButtonProps } from 'antd-mobile';

/** The end of a form: the server's refusal (if any), then its one button, busy while sending. */
export function FormActions({
  error,
  errorTestId,
  busy,
  label,
  onSubmit,
  submitTestId,
  color = 'primary',
  fill,
  disabled,
}: {
  error?: string;
  errorTestId?: string;
  busy: boolean;
  label: string;
  onSubmit: () => void;
  submitTestId: string;
  color?: ButtonProps['color'];
  fill?: ButtonProps['fill'];
  disabled?: boolean;
}) {
  return (
    <>
      {error && (
        <div className="hx-form-error" role="alert" data-testid={errorTestId}>
          {error}
        </div>
      )}
      <Button
        block
        color={color}
        fill={fill}
        size="large"
        disabled={disabled}
        loading={busy}
        onClick={onSubmit}
        data-testid={submitTestId}
      >
        {label}
      </Button>
    </>
  );
}
