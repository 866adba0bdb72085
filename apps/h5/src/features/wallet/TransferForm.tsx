import { useState } from 'react';
import { Toast } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import LoopOutline from 'antd-mobile-icons/es/LoopOutline';
import { transferBody } from '@hx/protocol';
import { errorMessage } from '../../i18n/errors.ts';
import { firstIssue, type FormIssue } from '../auth/validate.ts';
import { useLocale } from '../../i18n/index.ts';
import { floorFormat } from '../../lib/number.ts';
import { TID } from '../../testids.ts';
import { accountLabelKey, SUB_ACCOUNT_NAMES, type SubAccountName } from './accounts.ts';
import { exceeds } from './amount.ts';
import { AmountField } from './AmountField.tsx';
import { CoinField } from './CoinField.tsx';
import { afterMoneyMoved, coinDetailQuery, transferFunds } from './queries.ts';
import { SelectField } from './SelectField.tsx';
import { useCoinChoice } from './useCoinChoice.ts';
import { useIdempotencyKey } from './useIdempotencyKey.ts';
import './styles.ts';
import { FormActions } from '../../components/FormActions.tsx';

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
  const queryClient = useQueryClient();
  const [from, setFrom] = useState<SubAccountName>(initialFrom);
  const [to, setTo] = useState<SubAccountName>(initialTo);
  const { coin, coins, setCoinId } = useCoinChoice();
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const idempotency = useIdempotencyKey();
  const detail = useQuery(coinDetailQuery(coin?.currency_id ?? 0));
  const available = detail.data?.accounts[from].available;
  const decimals = coin?.decimals ?? 8;

  const options = SUB_ACCOUNT_NAMES.map((name) => ({ key: name, label: t(accountLabelKey(name)) }));
  const choose = (side: 'from' | 'to', name: SubAccountName) => {
    // Picking the other side's account swaps the two.
    const [mine, other, setMine, setOther] =
      side === 'from' ? [from, to, setFrom, setTo] : [to, from, setTo, setFrom];
    if (name === other) setOther(mine);
    setMine(name);
    setErrors({});
  };

  const show = (issue: FormIssue) => {
    setErrors({ [issue.field]: issue.message });
    Toast.show({ content: issue.message });
  };

  const submit = async () => {
    if (!coin) return;
    const body = { from, to, currency_id: coin.currency_id, number: amount };
    const issue =
      firstIssue(transferBody, body, locale) ??
      (available !== undefined && exceeds(amount, available)
        ? { field: 'number', message: errorMessage('INSUFFICIENT_BALANCE', locale) }
        : null);
    if (issue) return show(issue);
    setErrors({});
    setBusy(true);
    try {
      await transferFunds(body, idempotency.keyFor(body));
      idempotency.done();
      Toast.show({ icon: 'success', content: t('transfer.success') });
      setAmount('');
      await afterMoneyMoved(queryClient);
    } catch (error) {
      if (error instanceof Error) setErrors({ number: error.message });
      // The balance may have changed elsewhere: show it as it is now.
      void afterMoneyMoved(queryClient);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="hx-form">
      <div className="hx-transfer-accounts">
        <div className="hx-transfer-sides">
          <SelectField
            label={t('transfer.from')}
            value={from}
            options={options}
            onChange={(name) => choose('from', name)}
            testId={TID.transfer.from}
          />
          <SelectField
            label={t('transfer.to')}
            value={to}
            options={options}
            onChange={(name) => choose('to', name)}
            error={errors.to}
            testId={TID.transfer.to}
          />
        </div>
        <button
          type="button"
          className="hx-transfer-swap"
          aria-label={t('transfer.swap')}
          onClick={() => {
            setFrom(to);
            setTo(from);
          }}
          data-testid={TID.transfer.swap}
        >
          <LoopOutline />
        </button>
      </div>
      <CoinField
        coins={coins}
        coin={coin}
        onChange={(id) => {
          setCoinId(id);
          setAmount('');
          setErrors({});
        }}
        testId={TID.transfer.coin}
      />
      <AmountField
        value={amount}
        onChange={setAmount}
        decimals={decimals}
        coin={coin?.name ?? ''}
        available={available}
        error={errors.number}
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
        busy={busy}
        label={t('transfer.submit')}
        onSubmit={submit}
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
