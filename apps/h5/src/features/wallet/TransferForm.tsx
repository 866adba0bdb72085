import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormActions } from '../../components/FormActions.tsx';
import { useLocale } from '../../i18n/index.ts';
import { floorFormat } from '../../lib/number.ts';
import { TID } from '../../testids.ts';
import { accountLabelKey, SUB_ACCOUNT_NAMES, type SubAccountName } from './accounts.ts';
import { AmountField } from './AmountField.tsx';
import { CoinField } from './CoinField.tsx';
import { SelectField } from './SelectField.tsx';
import { SwapSides } from './SwapSides.tsx';
import { useTransferForm } from './useTransferForm.ts';
import './styles.ts';

/** Moves a coin between the user's sub-accounts, at once; starts from the accounts given. */
export function TransferForm({
  initialFrom,
  initialTo,
}: {
  initialFrom: SubAccountName;
  initialTo: SubAccountName;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const form = useTransferForm(initialFrom, initialTo);
  const { coin, available, decimals } = form;
  const options = SUB_ACCOUNT_NAMES.map((name) => ({ key: name, label: t(accountLabelKey(name)) }));

  return (
    <div className="hx-form">
      <SwapSides label={t('transfer.swap')} onSwap={form.swap} testId={TID.transfer.swap}>
        <SelectField
          label={t('transfer.from')}
          value={form.from}
          options={options}
          onChange={(name) => form.choose('from', name)}
          testId={TID.transfer.from}
        />
        <SelectField
          label={t('transfer.to')}
          value={form.to}
          options={options}
          onChange={(name) => form.choose('to', name)}
          error={form.errors.to}
          testId={TID.transfer.to}
        />
      </SwapSides>
      <CoinField
        coins={form.coins}
        coin={coin}
        onChange={form.chooseCoin}
        testId={TID.transfer.coin}
      />
      <AmountField
        value={form.amount}
        onChange={form.setAmount}
        decimals={decimals}
        coin={coin?.name ?? ''}
        available={available}
        error={form.errors.number}
        testId={TID.transfer.amount}
        allTestId={TID.transfer.all}
        hint={
          <span data-testid={TID.transfer.available}>
            {t('money.availableAmount', {
              amount: available === undefined ? '--' : floorFormat(available, decimals, locale),
              coin: coin?.name ?? '',
            })}
          </span>
        }
      />
      <FormActions
        busy={form.busy}
        label={t('transfer.submit')}
        onSubmit={form.submit}
        submitTestId={TID.transfer.submit}
      />
      <div className="hx-form-links">
        <Link to="/pages/transfer/conversion" data-testid={TID.transfer.conversion}>
          {t('conversion.link')}
        </Link>
      </div>
    </div>
  );
}
