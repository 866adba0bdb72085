import type { TFunction } from 'i18next';
import { useState } from 'react';
import { Button, Popup, Toast } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OptionCurrency, OptionPeriod, OptionResult, OptionType } from '@hx/protocol';
import { below, exceeds } from '../wallet/amount.ts';
import { AmountField } from '../wallet/AmountField.tsx';
import { useIdempotencyKey } from '../wallet/useIdempotencyKey.ts';
import { TID } from '../../testids.ts';
import { useLocale } from '../../i18n/index.ts';
import { expectedPayout, percent, priceText } from './calc.ts';
import { afterOptionsChanged, buyOption } from './queries.ts';
import { TypeTag } from './OrderItem.tsx';

/** What each closing price does to each type (modules/options/outcome.ts). */
const OUTCOMES: Record<OptionType, Record<'above' | 'equal' | 'below', OptionResult>> = {
  call: { above: 'win', equal: 'refund', below: 'lose' },
  put: { above: 'lose', equal: 'refund', below: 'win' },
  even: { above: 'lose', equal: 'win', below: 'lose' },
};

/**
 * How the chosen type settles: each closing price and what it pays (the payout rate, and the
 * expected payout once an amount is typed); Even pays only on an exact tie.
 */
function Outcomes({
  type,
  rate,
  payout,
  precision,
}: {
  type: OptionType;
  rate: string;
  /** The expected payout of a win, with its coin. */
  payout: string | null;
  precision: number | undefined;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <section className="hx-option-outcomes" data-testid={TID.options.outcomes}>
      <h4>{t('options.howSettles')}</h4>
      <dl>
        {(['above', 'equal', 'below'] as const).map((close) => {
          const result = OUTCOMES[type][close];
          return (
            <div key={close} className={`hx-option-outcome hx-option-outcome--${result}`}>
              <dt>{t(`options.outcome.${close}`)}</dt>
              <dd>
                {result === 'win'
                  ? t('options.pays.win', { rate: percent(rate, locale) })
                  : t(`options.pays.${result}`)}
                {result === 'win' && payout ? ` · ${payout}` : ''}
              </dd>
            </div>
          );
        })}
      </dl>
      {type === 'even' && (
        <p className="hx-option-even-note" data-testid={TID.options.evenNote}>
          {t('options.evenNote')}
        </p>
      )}
      {precision !== undefined && (
        <p className="hx-option-note">{t('options.compareNote', { digits: precision })}</p>
      )}
    </section>
  );
}

/** The spec's checks before the server's: an amount, at least the minimum, within the balance. */
function purchaseIssue(
  amount: string,
  period: OptionPeriod,
  currency: OptionCurrency,
  t: TFunction,
): string | null {
  return !amount
    ? t('options.amountRequired')
    : below(amount, period.min_amount)
      ? t('options.belowMin', { min: period.min_amount, coin: currency.name })
      : exceeds(amount, currency.available)
        ? t('options.insufficient')
        : null;
}

/** The pair and type, the period, the payout rate and the current price. */
function PurchaseHead({
  symbol,
  type,
  period,
  price,
}: {
  symbol: string;
  type: OptionType | null;
  period: OptionPeriod;
  price: string | null;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <>
      <div className="hx-option-popup-title">
        <strong>{symbol.replace(/USDT$/, '/USDT')}</strong>
        {type && <TypeTag type={type} />}
      </div>
      <dl className="hx-option-facts">
        <dt>{t('options.period')}</dt>
        <dd>{period.seconds}s</dd>
        <dt>{t('options.payoutRate')}</dt>
        <dd>{percent(period.profit_rate, locale)}</dd>
        <dt>{t('options.currentPrice')}</dt>
        <dd>{priceText(price, locale)}</dd>
      </dl>
    </>
  );
}

/**
 * The purchase sheet: amount in the options account's coin, the expected payout of a win, how
 * the chosen type settles (each closing price and what it pays, the payout rate included; Even
 * pays only on an exact tie), and the checks of the spec (amount, minimum, balance) before the
 * server checks them again.
 */
export function PurchasePopup({
  symbol,
  type,
  period,
  currency,
  price,
  precision,
  onClose,
}: {
  symbol: string;
  type: OptionType | null;
  period: OptionPeriod;
  currency: OptionCurrency;
  price: string | null;
  /** The symbol's price decimals: prices are compared at them. */
  precision: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const idempotency = useIdempotencyKey();
  const payout = expectedPayout(amount, period.profit_rate, currency.decimals);

  const confirm = async () => {
    if (!type) return;
    const issue = purchaseIssue(amount, period, currency, t);
    if (issue) {
      setError(issue);
      Toast.show({ content: issue });
      return;
    }
    setError(undefined);
    setBusy(true);
    const body = {
      symbol,
      type,
      seconds: period.seconds,
      currency_id: currency.currency_id,
      number: amount,
    };
    try {
      const result = await buyOption(body, idempotency.keyFor(body));
      idempotency.done();
      Toast.show({
        icon: 'success',
        content: t('options.bought', { price: priceText(result.open_price, locale) }),
      });
      setAmount('');
      onClose();
    } catch (err) {
      if (err instanceof Error) setError(err.message);
    } finally {
      setBusy(false);
      void afterOptionsChanged(queryClient);
    }
  };

  return (
    <Popup
      visible={type !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="hx-option-popup"
      destroyOnClose
    >
      <div className="hx-option-popup-body" data-testid={TID.options.popup}>
        <PurchaseHead symbol={symbol} type={type} period={period} price={price} />
        <AmountField
          label={t('options.amount')}
          value={amount}
          onChange={(v) => {
            setAmount(v);
            setError(undefined);
          }}
          decimals={currency.decimals}
          coin={currency.name}
          available={currency.available}
          hint={
            // Whole phrases that wrap as units, spaced by the hint row: a " · " between them
            // ended a line as "Minimum 10 USDT ·" when the link wrapped to the next one.
            <>
              <span>
                {t('options.available', { amount: currency.available, coin: currency.name })}
              </span>
              <span>{t('options.minimum', { min: period.min_amount, coin: currency.name })}</span>
              <Link to="/pages/transfer/index?from=currency" data-testid={TID.options.transfer}>
                {t('options.transferIn')}
              </Link>
            </>
          }
          error={error}
          testId={TID.options.amount}
        />
        <div className="hx-option-expected">
          <span>{t('options.expected')}</span>
          <strong data-testid={TID.options.expected}>
            {payout ? `${payout} ${currency.name}` : '--'}
          </strong>
        </div>
        {type && (
          <Outcomes
            type={type}
            rate={period.profit_rate}
            payout={payout ? `${payout} ${currency.name}` : null}
            precision={precision}
          />
        )}
        <Button
          block
          color="primary"
          loading={busy}
          onClick={() => void confirm()}
          data-testid={TID.options.confirm}
        >
          {t('options.confirm')}
        </Button>
      </div>
    </Popup>
  );
}
