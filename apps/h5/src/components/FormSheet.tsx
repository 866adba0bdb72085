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
  testId,
  children,
  ...actions
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  testId: string;
  children: ReactNode;
} & Parameters<typeof FormActions>[0]) {
  const titleId = useId();
  return (
    <Popup
      visible={open}
      onMaskClick={actions.busy ? undefined : onClose}
      onClose={onClose}
      bodyClassName="hx-sheet"
      destroyOnClose
    >
      <div role="dialog" aria-labelledby={titleId} data-testid={testId}>
        <h2 className="hx-sheet-title" id={titleId}>
          {title}
        </h2>
        {children}
        <FormActions {...actions} />
      </div>
    </Popup>
  );
}
