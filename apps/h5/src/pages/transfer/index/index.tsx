import { useState } from 'react';
import { Button, Toast } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import LoopOutline from 'antd-mobile-icons/es/LoopOutline';
import { transferBody } from '@hx/protocol';
import { errorMessage } from '../../../i18n/errors.ts';
import { call } from '../../../api/call.ts';
import BillOutline from 'antd-mobile-icons/es/BillOutline';
import { NavAction } from '../../../features/wallet/NavAction.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { firstIssue, type FormIssue } from '../../../features/auth/validate.ts';
import {
  accountLabelKey,
  isSubAccount,
  SUB_ACCOUNT_NAMES,
  type SubAccountName,
} from '../../../features/wallet/accounts.ts';
import { exceeds } from '../../../features/wallet/amount.ts';
import { AmountField } from '../../../features/wallet/AmountField.tsx';
import { CoinField } from '../../../features/wallet/CoinField.tsx';
import { afterMoneyMoved, coinDetailQuery } from '../../../features/wallet/queries.ts';
import { SelectField } from '../../../features/wallet/SelectField.tsx';
import { useCoinChoice } from '../../../features/wallet/useCoinChoice.ts';
import { useIdempotencyKey } from '../../../features/wallet/useIdempotencyKey.ts';
import { useLocale } from '../../../i18n/index.ts';
import { floorFormat } from '../../../lib/number.ts';
import { TID } from '../../../testids.ts';
import '../../../features/wallet/styles.ts';

/** Moves a coin between the user's sub-accounts, at once. */
export default function TransferPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const start = params.get('from');
  const [from, setFrom] = useState<SubAccountName>(isSubAccount(start) ? start : 'currency');
  const wanted = params.get('to');
  const [to, setTo] = useState<SubAccountName>(() =>
    isSubAccount(wanted) && wanted !== from ? wanted : from === 'options' ? 'currency' : 'options',
  );
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
      await call('walletTransfer', body, { idempotencyKey: idempotency.keyFor(body) });
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
    <PageFrame
      title={t('transfer.title')}
      right={
        <NavAction
          label={t('transfer.records')}
          icon={<BillOutline />}
          to={'/pages/transfer/record'}
          testId={TID.transfer.records}
        />
      }
    >
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
        <Button
          block
          color="primary"
          size="large"
          loading={busy}
          onClick={submit}
          data-testid={TID.transfer.submit}
        >
          {t('transfer.submit')}
        </Button>
        <div className="hx-form-links">
          <Link to="/pages/transfer/conversion" data-testid={TID.transfer.conversion}>
            {t('conversion.link')}
          </Link>
        </div>
      </div>
    </PageFrame>
  );
}
