import { useTranslation } from 'react-i18next';
import { ConfirmSheet } from '../../components/ConfirmSheet.tsx';
import { TID } from '../../testids.ts';

/** Where a withdrawal goes, as the sheet repeats it: a saved address or a bank card. */
export interface WithdrawDestination {
  /** The user's own name for it ("My Ledger"); none for an unnamed address. */
  label?: string | null;
  /** The chain address, or the card's summary. */
  address: string;
  network: string;
}

/**
 * The last look before a withdrawal is sent: where to (its label above the address), the
 * network, the amount, the fee and what arrives. Only Confirm sends; Cancel or the mask closes
 * it and nothing is sent. A withdrawal cannot be taken back once an operator has paid it.
 */
export function WithdrawSheet({
  open,
  destination,
  amount,
  fee,
  receive,
  busy,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  destination: WithdrawDestination | undefined;
  /** Amounts as shown, with their coin. */
  amount: string;
  fee: string;
  receive: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const rows = [
    { key: 'network', label: t('withdraw.confirmNetwork'), value: destination?.network ?? '--' },
    { key: 'amount', label: t('withdraw.confirmAmount'), value: amount },
    { key: 'fee', label: t('withdraw.fee'), value: fee },
    { key: 'receive', label: t('withdraw.receive'), value: receive },
  ] as const;
  return (
    <ConfirmSheet
      open={open}
      title={t('withdraw.confirmTitle')}
      busy={busy}
      confirmLabel={t('withdraw.confirm')}
      buttonSize="large"
      className="hx-sheet hx-withdraw-sheet"
      testIds={{
        sheet: TID.withdraw.sheet.root,
        cancel: TID.withdraw.sheet.cancel,
        confirm: TID.withdraw.sheet.confirm,
      }}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <div className="hx-withdraw-to">
        <div className="hx-withdraw-to-caption">{t('withdraw.confirmTo')}</div>
        {destination?.label && (
          <div className="hx-address-label" data-testid={TID.withdraw.sheet.label}>
            {destination.label}
          </div>
        )}
        <div className="hx-break hx-address-text" data-testid={TID.withdraw.sheet.address}>
          {destination?.address ?? '--'}
        </div>
      </div>
      <dl className="hx-summary hx-withdraw-rows">
        {rows.map((row) => (
          <div key={row.key}>
            <dt>{row.label}</dt>
            <dd data-testid={TID.withdraw.sheet[row.key]}>{row.value}</dd>
          </div>
        ))}
      </dl>
      <p className="hx-withdraw-warning">{t('withdraw.confirmNote')}</p>
    </ConfirmSheet>
  );
}
