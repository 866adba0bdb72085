import { memo, useState } from 'react';
import { Button, Toast } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../i18n/errors.ts';
import { useLocale } from '../../i18n/index.ts';
import { floorFormat } from '../../lib/number.ts';
import { TID } from '../../testids.ts';
import { useDecimalsOf } from '../wallet/queries.ts';
import { useIdempotencyKey } from '../wallet/useIdempotencyKey.ts';
import {
  boughtOf,
  feeOf,
  lockPriceOf,
  orderIssue,
  percentOf,
  sliderAmount,
  spendIssue,
  spendOf,
  spendPercent,
  totalOf,
} from './calc.ts';
import { afterOrderChanged, placeOrder, type PlaceOrder } from './queries.ts';
import { LimitOptions, OrderTypeTabs } from './OrderTypeTabs.tsx';
import { Stepper } from './Stepper.tsx';
import type { OrderSide, PlaceType, SpotPair, TimeInForce } from './types.ts';

const PERCENTS = [0, 25, 50, 75, 100] as const;

/**
 * The order form: buy or sell; limit (with time in force and post-only), market, stop-limit,
 * stop-market or OCO; the prices each needs and the amount with steps, a share of the balance,
 * what it costs and the fee, and the button. A market buy asks for the quote to spend ("Total,
 * USDT", as Binance does) and estimates what it buys. A visitor is sent to login on submit.
 */
export const OrderForm = memo(function OrderForm({
  pair,
  side,
  onSide,
  price,
  onPrice,
  balances,
  reference,
  lastTrade,
  loggedIn,
  onLogin,
}: {
  pair: SpotPair;
  side: OrderSide;
  onSide: (side: OrderSide) => void;
  price: string;
  onPrice: (price: string) => void;
  /** Available base and quote coins; undefined while unknown (or for a visitor). */
  balances: { base?: string; quote?: string };
  /** The price a market order is estimated at: the best opposite level, else the last price. */
  reference: string | undefined;
  /** The pair's last trade price (what the server holds an OCO's prices against), if known. */
  lastTrade?: string;
  loggedIn: boolean;
  onLogin: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const decimalsOf = useDecimalsOf();
  const [type, setType] = useState<PlaceType>('limit');
  const [stopPrice, setStopPrice] = useState('');
  const [stopLimitPrice, setStopLimitPrice] = useState('');
  const [timeInForce, setTimeInForce] = useState<TimeInForce>('gtc');
  const [postOnly, setPostOnly] = useState(false);
  const [amount, setAmount] = useState('');
  const [spend, setSpend] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const idempotency = useIdempotencyKey();

  const buying = side === 'buy';
  // A market buy spends a quote amount; every other order asks for a base amount.
  const spending = buying && type === 'market';
  const available = buying ? balances.quote : balances.base;
  const availableCoin = buying ? pair.quote : pair.base;
  const availableDecimals = decimalsOf(buying ? pair.quote_currency_id : pair.base_currency_id);
  const quoteDecimals = decimalsOf(pair.quote_currency_id);
  const receivedCoin = buying ? pair.base : pair.quote;
  const receivedDecimals = decimalsOf(buying ? pair.base_currency_id : pair.quote_currency_id);
  // A market order has no price of its own: estimates use the reference price; a stop-market
  // its trigger price. A buy's share of the balance counts what the order freezes.
  const priced = type === 'limit' || type === 'stop_limit' || type === 'oco';
  const effectivePrice =
    type === 'market' ? (reference ?? '') : type === 'stop_market' ? stopPrice : price;
  const lockPrice = lockPriceOf({ type, price, stopPrice, stopLimitPrice, reference }) ?? '';
  const total = totalOf(effectivePrice, amount);
  const bought = spending ? boughtOf(spend, reference, pair.step) : null;
  // The server charges whole units: the pair's amount unit for a buy, price × amount's for a sell.
  const fee = feeOf(side, effectivePrice, spending ? (bought ?? '') : amount, pair.taker_fee);
  const percent = spending
    ? spendPercent(spend, available)
    : percentOf(amount, side, available, lockPrice);
  const estimate = type === 'market' || type === 'stop_market' ? '≈ ' : '';

  const edit = (setter: (v: string) => void) => (value: string) => {
    setter(value);
    setError('');
  };
  const stopStepper = (
    <Stepper
      value={stopPrice}
      onChange={edit(setStopPrice)}
      step={pair.tick}
      placeholder={t('spot.triggerPrice')}
      unit={pair.quote}
      caption
      testId={TID.spot.stopPrice}
      upTestId={TID.spot.stopPriceStep('up')}
      downTestId={TID.spot.stopPriceStep('down')}
    />
  );

  const submit = async () => {
    if (!loggedIn) return onLogin();
    const issue = spending
      ? spendIssue(spend, available)
      : orderIssue({
          side,
          type,
          price,
          amount,
          available,
          reference,
          stopPrice,
          stopLimitPrice,
          last: lastTrade,
        });
    if (issue) {
      const message = errorMessage(issue, locale);
      setError(message);
      Toast.show({ content: message });
      return;
    }
    const order: PlaceOrder = spending
      ? { symbol: pair.symbol, side, type, funds: spend }
      : {
          symbol: pair.symbol,
          side,
          type,
          amount,
          ...(priced ? { price } : {}),
          ...(type === 'limit' && timeInForce !== 'gtc' ? { time_in_force: timeInForce } : {}),
          ...(type === 'limit' && postOnly ? { post_only: '1' as const } : {}),
          ...(type !== 'limit' && type !== 'market' ? { stop_price: stopPrice } : {}),
          ...(type === 'oco' ? { stop_limit_price: stopLimitPrice } : {}),
        };
    setBusy(true);
    setError('');
    try {
      await placeOrder(order, idempotency.keyFor(order));
      idempotency.done();
      Toast.show({ icon: 'success', content: t('spot.placed') });
      setAmount('');
      setSpend('');
      setStopPrice('');
      setStopLimitPrice('');
    } catch (failure) {
      // The client has toasted the server's message; keep it under the button too.
      if (failure instanceof Error) setError(failure.message);
    } finally {
      setBusy(false);
      void afterOrderChanged(queryClient);
    }
  };

  return (
    <section className="hx-spot-form">
      <div className="hx-spot-sides" role="tablist">
        {(['buy', 'sell'] as const).map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={side === s}
            className={`hx-spot-side hx-spot-side--${s}${side === s ? ' hx-spot-side--on' : ''}`}
            onClick={() => {
              onSide(s);
              setAmount('');
              setSpend('');
              setError('');
            }}
            data-testid={TID.spot.side(s)}
          >
            {t(`spot.${s}`)}
          </button>
        ))}
      </div>
      <OrderTypeTabs
        type={type}
        onType={(k) => {
          setType(k);
          setError('');
        }}
      />
      {type === 'stop_market' && buying && (
        <p className="hx-spot-hint" data-testid={TID.spot.typeHint}>
          {t('spot.stopMarketFreeze')}
        </p>
      )}
      {(type === 'stop_limit' || type === 'stop_market') && stopStepper}
      {priced ? (
        <Stepper
          value={price}
          onChange={edit(onPrice)}
          step={pair.tick}
          placeholder={t(type === 'limit' ? 'spot.price' : 'spot.limitPrice')}
          caption={type !== 'limit'}
          unit={pair.quote}
          testId={TID.spot.price}
          upTestId={TID.spot.priceStep('up')}
          downTestId={TID.spot.priceStep('down')}
        />
      ) : (
        type === 'market' && (
          <div className="hx-stepper hx-stepper--market" data-testid={TID.spot.price}>
            {t('spot.marketPrice')}
          </div>
        )
      )}
      {type === 'oco' && (
        <>
          {stopStepper}
          <Stepper
            value={stopLimitPrice}
            onChange={edit(setStopLimitPrice)}
            step={pair.tick}
            placeholder={t('spot.stopLimitPrice')}
            unit={pair.quote}
            caption
            testId={TID.spot.stopLimitPrice}
            upTestId={TID.spot.stopLimitPriceStep('up')}
            downTestId={TID.spot.stopLimitPriceStep('down')}
          />
        </>
      )}
      {spending ? (
        <Stepper
          value={spend}
          onChange={edit(setSpend)}
          step={pair.tick}
          placeholder={t('spot.total')}
          unit={pair.quote}
          testId={TID.spot.spend}
          upTestId={TID.spot.spendStep('up')}
          downTestId={TID.spot.spendStep('down')}
        />
      ) : (
        <Stepper
          value={amount}
          onChange={edit(setAmount)}
          step={pair.step}
          placeholder={t('spot.amount')}
          caption={type !== 'limit' && type !== 'market'}
          unit={pair.base}
          testId={TID.spot.amount}
          upTestId={TID.spot.amountStep('up')}
          downTestId={TID.spot.amountStep('down')}
        />
      )}
      {type === 'limit' && (
        <LimitOptions
          timeInForce={timeInForce}
          onTimeInForce={setTimeInForce}
          postOnly={postOnly}
          onPostOnly={setPostOnly}
        />
      )}
      <div className="hx-spot-percents" style={{ ['--fill' as string]: `${percent}%` }}>
        <div className="hx-spot-track" aria-hidden="true" />
        {PERCENTS.map((p) => (
          <button
            key={p}
            type="button"
            className={percent >= p ? 'hx-spot-dot hx-spot-dot--on' : 'hx-spot-dot'}
            style={{ left: `${p}%` }}
            aria-label={`${p}%`}
            onClick={() => {
              if (spending) setSpend(spendOf(p, available, pair.tick));
              else setAmount(sliderAmount(p, side, available, lockPrice, pair.step));
              setError('');
            }}
            data-testid={TID.spot.percent(p)}
          >
            <span className="hx-spot-dot-label">{p}%</span>
          </button>
        ))}
      </div>
      <dl className="hx-spot-facts">
        <div>
          <dt>{t(buying ? 'spot.available' : 'spot.sellable')}</dt>
          <dd data-testid={TID.spot.available}>
            {available === undefined ? '--' : floorFormat(available, availableDecimals, locale)}{' '}
            {availableCoin}
          </dd>
        </div>
        {spending ? (
          <div>
            <dt>{t('spot.estimatedAmount')}</dt>
            <dd data-testid={TID.spot.bought}>
              {bought === null
                ? '--'
                : estimate + floorFormat(bought, pair.amount_decimals, locale)}{' '}
              {pair.base}
            </dd>
          </div>
        ) : (
          <div>
            <dt>{t('spot.total')}</dt>
            <dd data-testid={TID.spot.total}>
              {total === null ? '--' : estimate + floorFormat(total, quoteDecimals, locale)}{' '}
              {pair.quote}
            </dd>
          </div>
        )}
        <div>
          <dt>{t('spot.fee')}</dt>
          <dd data-testid={TID.spot.fee}>
            {fee === null ? '--' : estimate + floorFormat(fee, receivedDecimals, locale)}{' '}
            {receivedCoin}
          </dd>
        </div>
      </dl>
      {error && (
        <p className="hx-spot-error" role="alert" data-testid={TID.spot.error}>
          {error}
        </p>
      )}
      <Button
        block
        className={buying ? 'hx-buy' : 'hx-sell'}
        loading={busy}
        onClick={submit}
        data-testid={TID.spot.submit}
      >
        {loggedIn
          ? t(buying ? 'spot.buyCoin' : 'spot.sellCoin', { coin: pair.base })
          : t('spot.loginToTrade')}
      </Button>
    </section>
  );
});
