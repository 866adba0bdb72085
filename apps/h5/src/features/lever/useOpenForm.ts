import { useState } from 'react';
import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { LeverPair, LeverSide } from '@hx/protocol';
import { Decimal, isDecimal } from '@hx/money';
import { call } from '../../api/call.ts';
import { useLocale } from '../../i18n/index.ts';
import { amountText, preview } from './calc.ts';
import type { OpenOrder } from './OpenSheet.tsx';

export type EntryType = 'market' | 'limit';

/**
 * An open's state: side, entry type and price, lots, multiple and stops; what it costs and
 * whether the contract account can pay it; asking (the confirmation sheet) and sending.
 */
export function useOpenForm(
  pair: LeverPair | undefined,
  available: string | undefined,
  onOpened: (type: EntryType) => Promise<void>,
) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [side, setSide] = useState<LeverSide>('long');
  const [type, setType] = useState<EntryType>('market');
  const [price, setPrice] = useState('');
  const [lots, setLots] = useState(1);
  const [chosen, setMultiple] = useState<number | null>(null);
  const [stopProfit, setStopProfit] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const multiple =
    pair && chosen !== null && pair.multiples.includes(chosen)
      ? chosen
      : (pair?.multiples[1] ?? pair?.multiples[0] ?? 10);
  const cost = pair
    ? preview(pair, side, lots, multiple, type === 'limit' ? price.trim() || null : null)
    : null;

  const order: OpenOrder | null =
    pair && cost ? { pair, side, type, lots, multiple, stopProfit, stopLoss, cost } : null;
  // Known only with both the balance and the cost; otherwise the server decides.
  const short =
    cost !== null &&
    available !== undefined &&
    isDecimal(available) &&
    new Decimal(cost.total).gt(available);
  // Said in the form and, on Open, in a toast.
  const shortfall = short
    ? t('lever.notEnough', {
        available: amountText(available, locale),
        need: amountText(cost.total, locale),
      })
    : null;

  const send = async () => {
    if (!pair) return;
    setBusy(true);
    try {
      await call.leverSubmit({
        symbol: pair.symbol,
        side,
        type,
        price: type === 'limit' ? price.trim() : undefined,
        lots,
        multiple,
        stop_profit: stopProfit.trim() || undefined,
        stop_loss: stopLoss.trim() || undefined,
      });
      Toast.show({
        icon: 'success',
        content: t(type === 'limit' ? 'lever.placed' : 'lever.opened'),
      });
      setAsking(false);
      setStopProfit('');
      setStopLoss('');
      await onOpened(type);
    } catch {
      // the failure was toasted by the api client; the sheet stays to try again or cancel
    } finally {
      setBusy(false);
    }
  };

  /** Every open goes through the confirmation sheet; only its Confirm sends it. */
  const ask = () => {
    if (!pair) return;
    if (!Number.isInteger(lots) || lots < 1) {
      Toast.show({ content: t('lever.lotsHint') });
      return;
    }
    // Without a price there is nothing to confirm: the server says what is missing (no price
    // recorded yet, or no limit price) and opens nothing.
    if (!cost) return void send();
    if (shortfall) {
      Toast.show({ content: shortfall });
      return;
    }
    setAsking(true);
  };

  return {
    side,
    setSide,
    type,
    setType,
    price,
    setPrice,
    lots,
    setLots,
    multiple,
    setMultiple,
    stopProfit,
    setStopProfit,
    stopLoss,
    setStopLoss,
    cost,
    shortfall,
    busy,
    /** The order the sheet asks about, while it asks. */
    asked: asking ? order : null,
    asking,
    ask,
    send: () => void send(),
    cancel: () => setAsking(false),
  };
}

export type OpenFormState = ReturnType<typeof useOpenForm>;
