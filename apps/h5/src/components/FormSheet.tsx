import { useId, type ReactNode } from 'react';
import { Popup } from 'antd-mobile';
import { FormActions } from './FormActions.tsx';

/**
 * A small form in a bottom sheet: its title, its fields, the server's refusal and one button.
 * It cannot be dismissed while sending.
 */
export function FormSheet({
  open,
  onClose,
  title,
  form,
  testIds,
  children,
  ...actions
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  /** The form's submit cycle (useFormSubmit): its refusal and whether it is sending. */
  form: { errors: { form?: string }; busy: boolean };
  testIds: { sheet: string; error?: string; submit: string };
  children: ReactNode;
} & Omit<Parameters<typeof FormActions>[0], 'error' | 'errorTestId' | 'busy' | 'submitTestId'>) {
  const titleId = useId();
  return (
    <Popup
      visible={open}
      onMaskClick={form.busy ? undefined : onClose}
      onClose={onClose}
      bodyClassName="hx-sheet"
      destroyOnClose
    >
      <div role="dialog" aria-labelledby={titleId} data-testid={testIds.sheet}>
        <h2 className="hx-sheet-title" id={titleId}>
          {title}
        </h2>
        {children}
        <FormActions
          {...actions}
          error={form.errors.form}
          errorTestId={testIds.error}
          busy={form.busy}
          submitTestId={testIds.submit}
        />
      </div>
    </Popup>
  );
}
