import { useState } from 'react';
import { Toast } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../i18n/errors.ts';
import { useLocale } from '../../i18n/index.ts';
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
import type { OrderSide, PlaceType, SpotPair, TimeInForce } from './types.ts';

/** What the form is given by the trade page. */
export interface OrderContext {
  pair: SpotPair;
  side: OrderSide;
  price: string;
  /** Available base and quote coins; undefined while unknown (or for a visitor). */
  balances: { base?: string; quote?: string };
  /** The price a market order is estimated at: the best opposite level, else the last price. */
  reference: string | undefined;
  /** The pair's last trade price (what the server holds an OCO's prices against), if known. */
  lastTrade?: string;
  loggedIn: boolean;
  onLogin: () => void;
}

/** What the person has typed: the prices beside the page's own `price`, and the amount. */
interface Draft {
  type: PlaceType;
  stopPrice: string;
  stopLimitPrice: string;
  timeInForce: TimeInForce;
  postOnly: boolean;
  amount: string;
  spend: string;
}

/** The figures the form shows for a draft; decimal strings, null until they can be computed. */
export function orderFigures(context: OrderContext, draft: Draft) {
  const { pair, side, price, balances, reference } = context;
  const { type, stopPrice, stopLimitPrice, amount, spend } = draft;
  const buying = side === 'buy';
  // A market buy spends a quote amount; every other order asks for a base amount.
  const spending = buying && type === 'market';
  const available = buying ? balances.quote : balances.base;
  // A market order has no price of its own: estimates use the reference price; a stop-market
  // its trigger price. A buy's share of the balance counts what the order freezes.
  const priced = type === 'limit' || type === 'stop_limit' || type === 'oco';
  const effectivePrice =
    type === 'market' ? (reference ?? '') : type === 'stop_market' ? stopPrice : price;
  const lockPrice = lockPriceOf({ type, price, stopPrice, stopLimitPrice, reference }) ?? '';
  const bought = spending ? boughtOf(spend, reference, pair.step) : null;
  return {
    buying,
    spending,
    available,
    priced,
    lockPrice,
    total: totalOf(effectivePrice, amount),
    bought,
    // The server charges whole units: the pair's amount unit for a buy, price × amount's for a sell.
    fee: feeOf(side, effectivePrice, spending ? (bought ?? '') : amount, pair.taker_fee),
    percent: spending
      ? spendPercent(spend, available)
      : percentOf(amount, side, available, lockPrice),
    estimate: type === 'market' || type === 'stop_market' ? '≈ ' : '',
  };
}

export type OrderFigures = ReturnType<typeof orderFigures>;

/** The request a draft places: a market buy spends `funds`; the rest send what their type needs. */
function orderOf(context: OrderContext, draft: Draft, priced: boolean, spending: boolean) {
  const { pair, side, price } = context;
  const { type, timeInForce, postOnly, stopPrice, stopLimitPrice } = draft;
  const order: PlaceOrder = spending
    ? { symbol: pair.symbol, side, type, funds: draft.spend }
    : {
        symbol: pair.symbol,
        side,
        type,
        amount: draft.amount,
        ...(priced ? { price } : {}),
        ...(type === 'limit' && timeInForce !== 'gtc' ? { time_in_force: timeInForce } : {}),
        ...(type === 'limit' && postOnly ? { post_only: '1' as const } : {}),
        ...(type !== 'limit' && type !== 'market' ? { stop_price: stopPrice } : {}),
        ...(type === 'oco' ? { stop_limit_price: stopLimitPrice } : {}),
      };
  return order;
}

/**
 * The order form's state: the draft, its figures, the error shown under the button, and
 * placing it (checked first; the amounts cleared once placed).
 */
export function useOrderForm(context: OrderContext) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
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
  const draft: Draft = { type, stopPrice, stopLimitPrice, timeInForce, postOnly, amount, spend };
  const figures = orderFigures(context, draft);
  const { pair, side, price } = context;
  const { spending, available, lockPrice } = figures;

  /** A change to a field clears the error it may have caused. */
  const edit = (setter: (v: string) => void) => (value: string) => {
    setter(value);
    setError('');
  };
  const clearAmounts = () => {
    setAmount('');
    setSpend('');
    setError('');
  };
  const pickPercent = (p: number) => {
    if (spending) setSpend(spendOf(p, available, pair.tick));
    else setAmount(sliderAmount(p, side, available, lockPrice, pair.step));
    setError('');
  };

  const submit = async () => {
    if (!context.loggedIn) return context.onLogin();
    const issue = spending
      ? spendIssue(spend, available)
      : orderIssue({
          side,
          type,
          price,
          amount,
          available,
          reference: context.reference,
          stopPrice,
          stopLimitPrice,
          last: context.lastTrade,
        });
    if (issue) {
      const message = errorMessage(issue, locale);
      setError(message);
      Toast.show({ content: message });
      return;
    }
    const order = orderOf(context, draft, figures.priced, spending);
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

  return {
    draft,
    figures,
    error,
    busy,
    edit,
    chooseType: (next: PlaceType) => {
      setType(next);
      setError('');
    },
    setStopPrice: edit(setStopPrice),
    setStopLimitPrice: edit(setStopLimitPrice),
    setAmount: edit(setAmount),
    setSpend: edit(setSpend),
    setTimeInForce,
    setPostOnly,
    clearAmounts,
    pickPercent,
    submit,
  };
}

export type OrderFormState = ReturnType<typeof useOrderForm>;
