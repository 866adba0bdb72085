import { useState } from 'react';
import { Toast } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { financeBuyBody, type FinanceProduct, type Locale } from '@hx/protocol';
import { errorMessage } from '../../i18n/errors.ts';
import { Decimal } from '@hx/money';
import { firstIssue, type FormIssue } from '../auth/validate.ts';
import { below, exceeds, isPositiveAmount } from '../wallet/amount.ts';
import { AmountField } from '../wallet/AmountField.tsx';
import { InfoList } from '../wallet/InfoList.tsx';
import { afterMoneyMoved, coinDetailQuery } from '../wallet/queries.ts';
import { useIdempotencyKey } from '../wallet/useIdempotencyKey.ts';
import { useLocale } from '../../i18n/index.ts';
import { floorFormat } from '../../lib/number.ts';
import { TID } from '../../testids.ts';
import { FinanceAgreement } from './FinanceAgreement.tsx';
import { percent, plainAmount } from './format.ts';
import { buyProduct } from './queries.ts';
import '../wallet/styles.ts';
import './finance.css';
import { AgreeCheckbox } from '../../components/AgreeCheckbox.tsx';
import { FormActions } from '../../components/FormActions.tsx';

const TRANSFER_IN = '/pages/transfer/index?from=currency&to=trust';

/** The purchase's checks, in the order the form shows them; the server checks them too. */
function buyIssue(
  product: FinanceProduct,
  body: { product_id: number; amount: string; agree: string },
  available: string | undefined,
  locale: Locale,
): FormIssue | null {
  const { amount } = body;
  const coin = product.currency_name;
  const agreed = body.agree === '1';
  return (
    firstIssue(financeBuyBody, { ...body, agree: '1' }, locale) ??
    (below(amount, product.min_amount)
      ? {
          field: 'amount',
          message: errorMessage('FINANCE_BELOW_MIN', locale, {
            min: new Decimal(product.min_amount).toFixed(),
            coin,
          }),
        }
      : null) ??
    (available !== undefined && exceeds(amount, available)
      ? { field: 'amount', message: errorMessage('INSUFFICIENT_BALANCE', locale) }
      : null) ??
    (agreed
      ? null
      : { field: 'agree', message: errorMessage('FINANCE_AGREEMENT_REQUIRED', locale) })
  );
}

/** The product's daily rate, cycle and total rate. */
function ProductTerms({ product }: { product: FinanceProduct }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <div className="hx-fin-terms">
      <div>
        <div className="hx-fin-rate">{percent(product.daily_rate, locale)}</div>
        <div className="hx-fin-caption">{t('finance.dailyRate')}</div>
      </div>
      <div>
        <div className="hx-fin-value">{t('finance.daysValue', { days: product.days })}</div>
        <div className="hx-fin-caption">{t('finance.cycle')}</div>
      </div>
      <div>
        <div className="hx-fin-value">{percent(product.total_rate, locale)}</div>
        <div className="hx-fin-caption">{t('finance.totalRate')}</div>
      </div>
    </div>
  );
}

/** What the amount typed earns a day and over the cycle, and the early-redemption rate. */
function ExpectedIncome({
  product,
  daily,
  money,
}: {
  product: FinanceProduct;
  daily: Decimal | null;
  money: (value: Decimal.Value | null) => string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <div className="hx-fin-income">
      <InfoList
        rows={[
          {
            label: t('finance.expectedDaily'),
            value: money(daily),
            testId: TID.finance.buy.daily,
          },
          {
            label: t('finance.expectedTotal'),
            value: money(daily === null ? null : daily.times(product.days)),
            testId: TID.finance.buy.total,
          },
          {
            label: t('finance.penaltyRate'),
            value: t('finance.penaltyRateValue', { rate: percent(product.penalty_rate, locale) }),
          },
        ]}
      />
    </div>
  );
}

/** The trust account's balance with the transfer in, the product's limits, and a shortfall. */
function BuyHint({
  product,
  available,
  decimals,
  short,
}: {
  product: FinanceProduct;
  available: string | undefined;
  decimals: number;
  short: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const coin = product.currency_name;
  return (
    <>
      <span data-testid={TID.finance.buy.available}>
        {t('finance.trustAvailable', {
          amount: available === undefined ? '--' : floorFormat(available, decimals, locale),
          coin,
        })}
      </span>
      <Link to={TRANSFER_IN} className="hx-fin-transfer" data-testid={TID.finance.buy.transfer}>
        {t('finance.transferIn')}
      </Link>
      <br />
      <span>
        {t('finance.minHint', {
          amount: plainAmount(product.min_amount, locale),
          coin,
        })}
        {product.max_amount &&
          ` · ${t('finance.maxHint', { amount: plainAmount(product.max_amount, locale), coin })}`}
      </span>
      {short && <div className="hx-form-error">{t('finance.insufficient')}</div>}
    </>
  );
}

/**
 * Buys `product` from the finance (trust) account: amount, expected income, the agreement.
 * `onDone` runs once it is bought and the balances are refreshed.
 */
export function BuyForm({ product, onDone }: { product: FinanceProduct; onDone: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const detail = useQuery({ ...coinDetailQuery(product.currency_id), refetchOnMount: 'always' });
  const available = detail.data?.accounts.trust.available;
  const decimals = detail.data?.decimals ?? 4;
  const coin = product.currency_name;
  const [amount, setAmount] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [agreementOpen, setAgreementOpen] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const idempotency = useIdempotencyKey();

  const daily = isPositiveAmount(amount)
    ? new Decimal(amount).times(product.daily_rate).toDecimalPlaces(decimals, Decimal.ROUND_FLOOR)
    : null;
  const money = (value: Decimal.Value | null) =>
    value === null
      ? '--'
      : `${floorFormat(new Decimal(value).toFixed(), decimals, locale)} ${coin}`;
  const short =
    available !== undefined &&
    (new Decimal(available).lt(product.min_amount) ||
      (amount !== '' && exceeds(amount, available)));

  const show = (issue: FormIssue) => {
    setErrors({ [issue.field]: issue.message });
    Toast.show({ content: issue.message });
  };

  const submit = async () => {
    const body = { product_id: product.id, amount, agree: agreed ? '1' : '0' };
    const issue = buyIssue(product, body, available, locale);
    if (issue) return show(issue);
    setErrors({});
    setBusy(true);
    try {
      await buyProduct(body, idempotency.keyFor(body));
      idempotency.done();
      Toast.show({ icon: 'success', content: t('finance.bought') });
      await afterMoneyMoved(queryClient);
      onDone();
    } catch (error) {
      if (error instanceof Error) setErrors({ amount: error.message });
      void afterMoneyMoved(queryClient);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="hx-form">
      <ProductTerms product={product} />
      <AmountField
        label={t('finance.amount', { coin })}
        value={amount}
        onChange={(v) => {
          setAmount(v);
          setErrors({});
        }}
        decimals={decimals}
        coin={coin}
        available={available}
        error={errors.amount ?? errors.product_id}
        testId={TID.finance.buy.amount}
        allTestId={TID.finance.buy.all}
        hint={<BuyHint product={product} available={available} decimals={decimals} short={short} />}
      />
      <ExpectedIncome product={product} daily={daily} money={money} />
      <AgreeCheckbox
        text="finance.agree"
        checked={agreed}
        onChange={(v) => {
          setAgreed(v);
          setErrors({});
        }}
        missing={Boolean(errors.agree)}
        onOpen={() => setAgreementOpen(true)}
        testIds={{ box: TID.finance.buy.agree, link: TID.finance.buy.agreement }}
      />
      <FormActions
        error={errors.agree}
        errorTestId={TID.finance.buy.error}
        busy={busy}
        label={t('finance.submit')}
        onSubmit={submit}
        submitTestId={TID.finance.buy.submit}
      />
      <FinanceAgreement open={agreementOpen} onClose={() => setAgreementOpen(false)} />
    </div>
  );
}
