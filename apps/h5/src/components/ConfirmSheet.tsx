import { useId, type ReactNode } from 'react';
import { Button, Popup, type ButtonProps } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/**
 * The last look before something that cannot be taken back (a withdrawal, a contract opened): a
 * title, what will happen, Cancel and the confirming button. Only that button acts; Cancel or
 * the mask closes the sheet, which cannot be dismissed while sending.
 */
export function ConfirmSheet({
  open,
  title,
  busy,
  confirmLabel,
  confirmColor = 'primary',
  buttonSize,
  className,
  testIds,
  onConfirm,
  onCancel,
  children,
}: {
  open: boolean;
  title: string;
  busy: boolean;
  confirmLabel: string;
  confirmColor?: ButtonProps['color'];
  buttonSize?: ButtonProps['size'];
  /** The sheet's look: `hx-sheet` and its own class (the contracts' sheet has its own padding). */
  className: string;
  testIds: { sheet: string; cancel: string; confirm: string };
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Popup
      visible={open}
      onMaskClick={busy ? undefined : onCancel}
      onClose={onCancel}
      bodyClassName={className}
      destroyOnClose
    >
      <div
        className="hx-confirm-sheet"
        role="dialog"
        aria-labelledby={titleId}
        data-testid={testIds.sheet}
      >
        <h2 className="hx-sheet-title" id={titleId}>
          {title}
        </h2>
        {children}
        <div className="hx-confirm-sheet-actions">
          <Button
            block
            size={buttonSize}
            disabled={busy}
            onClick={onCancel}
            data-testid={testIds.cancel}
          >
            {t('common.cancel')}
          </Button>
          <Button
            block
            size={buttonSize}
            color={confirmColor}
            loading={busy}
            onClick={onConfirm}
            data-testid={testIds.confirm}
          >
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
