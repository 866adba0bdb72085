import { DecimalInput } from '../../components/DecimalInput.tsx';
import { useTranslation } from 'react-i18next';

/** The optional stop-profit and stop-loss prices, on the order form and in the stops popup. */
export function StopFields({
  profit,
  loss,
  onProfit,
  onLoss,
  testIds,
}: {
  profit: string;
  loss: string;
  onProfit: (value: string) => void;
  onLoss: (value: string) => void;
  testIds: { profit: string; loss: string };
}) {
  const { t } = useTranslation();
  const field = (label: string, value: string, onChange: (v: string) => void, testId: string) => (
    <label className="hx-lever-field">
      <span>{label}</span>
      <DecimalInput
        className="hx-lever-input"
        value={value}
        onChange={onChange}
        placeholder={t('lever.optional')}
        data-testid={testId}
      />
    </label>
  );
  return (
    <>
      {field(t('lever.stopProfit'), profit, onProfit, testIds.profit)}
      {field(t('lever.stopLoss'), loss, onLoss, testIds.loss)}
    </>
  );
}
