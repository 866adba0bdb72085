import { useTranslation } from 'react-i18next';
import type { Coin } from './queries.ts';
import { SelectField } from './SelectField.tsx';

/** The coin row of the money forms. */
export function CoinField({
  coins,
  coin,
  onChange,
  testId,
}: {
  coins: readonly Coin[];
  coin: Coin | undefined;
  onChange: (currencyId: number) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t('money.coin')}
      value={coin?.currency_id}
      options={coins.map((c) => ({ key: c.currency_id, label: c.name, testKey: c.name }))}
      onChange={onChange}
      placeholder={t('money.chooseCoin')}
      testId={testId}
    />
  );
}
