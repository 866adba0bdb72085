import { useState } from 'react';
import { Toast } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { subscribeBody, type ProjectItem } from '@hx/protocol';
import { refresh } from '../../cache/refresh.ts';
import { errorMessage } from '../../i18n/errors.ts';
import { Decimal } from '@hx/money';
import { firstIssue } from '../auth/validate.ts';
import { exceeds } from '../wallet/amount.ts';
import { AmountField } from '../wallet/AmountField.tsx';
import { afterMoneyMoved, coinDetailQuery, useDecimalsOf } from '../wallet/queries.ts';
import { SelectField } from '../wallet/SelectField.tsx';
import { useIdempotencyKey } from '../wallet/useIdempotencyKey.ts';
import { useLocale } from '../../i18n/index.ts';
import { floorFormat, formatDecimal } from '../../lib/number.ts';
import { TID } from '../../testids.ts';
import { Countdown, StateTag, TokenTitle } from './parts.tsx';
import { subscribe } from './queries.ts';
import '../wallet/styles.ts';
import { FormActions } from '../../components/FormActions.tsx';

/** The token, its state, its issue price and the countdown. */
function ProjectSummary({ project }: { project: ProjectItem }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <div className="hx-pub-summary">
      <div className="hx-pub-card-head">
        <TokenTitle project={project} />
        <StateTag state={project.state} />
      </div>
      <div className="hx-pub-price">
        <div>
          <small>{t('publication.issuePrice')}</small>
          <strong>{formatDecimal(project.issue_price, locale)} USDT</strong>
        </div>
      </div>
      <Countdown project={project} />
    </div>
  );
}

/**
 * Subscribes to `project`: amount and payment currency; the payment is frozen until allocation.
 * `onDone` runs once subscribed and the balances are refreshed.
 */
export function PurchaseForm({ project, onDone }: { project: ProjectItem; onDone: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<number | null>(null);
  const payId = picked ?? project.pay_currencies[0]?.currency_id ?? 0;
  const payName = project.pay_currencies.find((c) => c.currency_id === payId)?.name ?? '';
  const decimalsOf = useDecimalsOf();
  const decimals = decimalsOf(payId);
  const detail = useQuery({ ...coinDetailQuery(payId), refetchOnMount: 'always' });
  const available = detail.data?.accounts.currency.available;
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const idempotency = useIdempotencyKey();

  const short = available !== undefined && amount !== '' && exceeds(amount, available);
  const estimate =
    payName === 'USDT' && /^\d+(\.\d+)?$/.test(amount)
      ? new Decimal(amount).div(project.issue_price).toFixed()
      : null;

  const submit = async () => {
    const body = { product_id: project.id, currency_id: payId, number: amount };
    const issue =
      firstIssue(subscribeBody, body, locale) ??
      (short ? { field: 'number', message: errorMessage('INSUFFICIENT_BALANCE', locale) } : null);
    if (issue) {
      setError(issue.message);
      Toast.show({ content: issue.message });
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await subscribe(body, idempotency.keyFor(body));
      idempotency.done();
      Toast.show({ icon: 'success', content: t('publication.success') });
      await afterMoneyMoved(queryClient);
      void refresh(queryClient, 'publication');
      onDone();
    } catch (err) {
      if (err instanceof Error) setError(err.message);
      void afterMoneyMoved(queryClient);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="hx-form">
      <ProjectSummary project={project} />
      <SelectField
        label={t('publication.payCurrency')}
        value={payId}
        options={project.pay_currencies.map((c) => ({
          key: c.currency_id,
          label: c.name,
          testKey: c.name,
        }))}
        onChange={(key) => {
          setPicked(key);
          setAmount('');
          setError(undefined);
        }}
        testId={TID.publication.payCurrency}
      />
      <AmountField
        value={amount}
        onChange={(v) => {
          setAmount(v);
          setError(undefined);
        }}
        decimals={decimals}
        coin={payName}
        available={available}
        error={error}
        testId={TID.publication.amount}
        allTestId={TID.publication.all}
        hint={
          <span data-testid={TID.publication.available}>
            {t('money.availableAmount', {
              amount: available === undefined ? '--' : floorFormat(available, decimals, locale),
              coin: payName,
            })}
          </span>
        }
      />
      {short && (
        <div className="hx-pub-short" role="alert" data-testid={TID.publication.short}>
          <span>{errorMessage('INSUFFICIENT_BALANCE', locale)}</span>
          <Link
            to={`/pages/deposit/index?currency_id=${payId}`}
            data-testid={TID.publication.deposit}
          >
            {t('publication.goDeposit')}
          </Link>
        </div>
      )}
      <p className="hx-pub-estimate" data-testid={TID.publication.estimate}>
        {estimate
          ? t('publication.estimate', {
              amount: floorFormat(estimate, project.decimals, locale),
              coin: project.name,
            })
          : payName === 'USDT'
            ? // Paid in USDT there is nothing to convert: say what the estimate waits for.
              t('publication.estimateEnter', { coin: project.name })
            : t('publication.estimateAtPrice', { coin: payName })}
      </p>
      <p className="hx-form-hint">{t('publication.rules', { n: project.lock_days })}</p>
      <FormActions
        busy={busy}
        label={t('publication.confirm')}
        disabled={project.state !== 'subscribing'}
        onSubmit={submit}
        submitTestId={TID.publication.submit}
      />
    </div>
  );
}
