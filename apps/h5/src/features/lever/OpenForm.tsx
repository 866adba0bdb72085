import { useState } from 'react';
import { Button, Toast } from 'antd-mobile';
import { Stepper } from '../spot/Stepper.tsx';
import { DecimalInput } from '../../components/DecimalInput.tsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LeverPair, LeverSide } from '@hx/protocol';
import { Decimal, isDecimal } from '@hx/money';
import { call } from '../../api/call.ts';
import { useLocale } from '../../i18n/index.ts';
import { TID } from '../../testids.ts';
import { amountText, preview, priceText } from './calc.ts';
import { ConfirmSheet, type OpenOrder } from './ConfirmSheet.tsx';
import { HelpLink } from './HelpLink.tsx';
import { StopFields } from './StopFields.tsx';

interface Props {
  pair: LeverPair | undefined;
  /** The contract account's available USDT. */
  available: string | undefined;
  /** After an open or a placed limit entry: show where it went and refresh. */
  onOpened: (type: 'market' | 'limit') => Promise<void>;
}

/** Spot to contract account: the transfer page with both accounts chosen. */
export const TRANSFER_TO_CONTRACT = '/pages/transfer/index?from=currency&to=contract';

/**
 * Opening a long or short: side, market or limit, lots, multiple, stops, what it costs, and the
 * confirmation sheet every open goes through. An order the contract account cannot pay (margin +
 * fee over its available USDT) says so in the form and offers the transfer, before any sheet.
 */
export function OpenForm({ pair, available, onOpened }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [side, setSide] = useState<LeverSide>('long');
  const [type, setType] = useState<'market' | 'limit'>('market');
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

  /** Every open goes through the confirmation sheet; only its Confirm sends it. */
  const ask = async () => {
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

  const send = async () => {
    if (!pair) return;
    setBusy(true);
    try {
      await call('leverSubmit', {
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

  return (
    <>
      {pair && (
        <div className="hx-lever-form">
          <div className="hx-lever-row">
            {(['long', 'short'] as const).map((s) => (
              <button
                key={s}
                type="button"
                className={`hx-lever-${s}`}
                aria-pressed={side === s}
                onClick={() => setSide(s)}
                data-testid={TID.lever.side(s)}
              >
                {t(`lever.${s}`)}
              </button>
            ))}
          </div>
          <div className="hx-lever-row">
            {(['market', 'limit'] as const).map((k) => (
              <button
                key={k}
                type="button"
                className="hx-lever-plain"
                aria-pressed={type === k}
                onClick={() => setType(k)}
                data-testid={TID.lever.type(k)}
              >
                {t(`lever.${k}`)}
              </button>
            ))}
          </div>
          {type === 'limit' && (
            <label className="hx-lever-field">
              <span>{t('lever.limitPrice')}</span>
              <DecimalInput
                className="hx-lever-input"
                value={price}
                onChange={setPrice}
                placeholder={priceText(pair.price, pair.price_precision, locale)}
                data-testid={TID.lever.price}
              />
            </label>
          )}
          <div className="hx-lever-field">
            <span>
              {t('lever.lotsLabel', { size: pair.lot_size, coin: pair.name.split('/')[0] })}
            </span>
            {/* The spot form's stepper: antd-mobile's wrote aria-valuemax="NaN" without a max
                and left its input unnamed (Lighthouse's accessibility audit). */}
            <Stepper
              value={String(lots)}
              onChange={(v) => setLots(Math.max(1, Math.floor(Number(v) || 1)))}
              step="1"
              placeholder={t('lever.lots')}
              unit=""
              testId={TID.lever.lots}
              upTestId={TID.lever.lotsUp}
              downTestId={TID.lever.lotsDown}
            />
          </div>
          <div className="hx-lever-field">
            <span>{t('lever.multiple')}</span>
            <div className="hx-lever-multiples">
              {pair.multiples.map((m) => (
                <button
                  key={m}
                  type="button"
                  aria-pressed={m === multiple}
                  onClick={() => setMultiple(m)}
                  data-testid={TID.lever.multiple(m)}
                >
                  {t('lever.times', { multiple: m })}
                </button>
              ))}
            </div>
          </div>
          <StopFields
            profit={stopProfit}
            loss={stopLoss}
            onProfit={setStopProfit}
            onLoss={setStopLoss}
            testIds={{ profit: TID.lever.stopProfit, loss: TID.lever.stopLoss }}
          />
          <div className="hx-lever-summary">
            <div>
              <span className="hx-lever-muted">{t('lever.margin')}</span>
              <span data-testid={TID.lever.margin}>{amountText(cost?.margin, locale)} USDT</span>
            </div>
            <div>
              <span className="hx-lever-muted">{t('lever.openingFee')}</span>
              <span data-testid={TID.lever.fee}>{amountText(cost?.fee, locale)} USDT</span>
            </div>
            <div>
              <span className="hx-lever-muted">{t('lever.available')}</span>
              <span data-testid={TID.lever.available}>{amountText(available, locale)} USDT</span>
            </div>
            <div>
              <span className="hx-lever-muted">{t('lever.liquidation')}</span>
              <span>{priceText(cost?.liquidation ?? null, pair.price_precision, locale)}</span>
            </div>
          </div>
          {shortfall && (
            <div className="hx-lever-shortfall" role="alert" data-testid={TID.lever.shortfall}>
              <span>{shortfall}</span>
              <Link to={TRANSFER_TO_CONTRACT} data-testid={TID.lever.transfer}>
                {t('lever.transfer')}
              </Link>
            </div>
          )}
          <HelpLink />
          <Button
            block
            color={side === 'long' ? 'success' : 'danger'}
            loading={busy && !asking}
            onClick={() => void ask()}
            data-testid={TID.lever.submit}
          >
            {t(side === 'long' ? 'lever.openLong' : 'lever.openShort')}
          </Button>
        </div>
      )}
      <ConfirmSheet
        order={asking ? order : null}
        busy={busy}
        onConfirm={() => void send()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
