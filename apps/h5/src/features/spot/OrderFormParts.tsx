import { useTranslation } from 'react-i18next';
import { useLocale } from '../../i18n/index.ts';
import { floorFormat } from '../../lib/number.ts';
import { TID } from '../../testids.ts';
import { useDecimalsOf } from '../wallet/queries.ts';
import { Stepper } from './Stepper.tsx';
import type { OrderFigures, OrderFormState } from './useOrderForm.ts';
import type { OrderSide, SpotPair } from './types.ts';

const PERCENTS = [0, 25, 50, 75, 100] as const;

/** Buy or sell. */
export function SideTabs({ side, onSide }: { side: OrderSide; onSide: (side: OrderSide) => void }) {
  const { t } = useTranslation();
  return (
    <div className="hx-spot-sides" role="tablist">
      {(['buy', 'sell'] as const).map((s) => (
        <button
          key={s}
          type="button"
          role="tab"
          aria-selected={side === s}
          className={`hx-spot-side hx-spot-side--${s}${side === s ? ' hx-spot-side--on' : ''}`}
          onClick={() => onSide(s)}
          data-testid={TID.spot.side(s)}
        >
          {t(`spot.${s}`)}
        </button>
      ))}
    </div>
  );
}

/**
 * The prices an order type needs: a stop's trigger, the limit price (the page's own, shared with
 * the book), a market order's "market price", an OCO's stop-limit price.
 */
export function PriceFields({
  pair,
  form,
  price,
  onPrice,
}: {
  pair: SpotPair;
  form: OrderFormState;
  price: string;
  onPrice: (price: string) => void;
}) {
  const { t } = useTranslation();
  const { type, stopPrice, stopLimitPrice } = form.draft;
  const stopStepper = (
    <Stepper
      value={stopPrice}
      onChange={form.setStopPrice}
      step={pair.tick}
      placeholder={t('spot.triggerPrice')}
      unit={pair.quote}
      caption
      testId={TID.spot.stopPrice}
      upTestId={TID.spot.stopPriceStep('up')}
      downTestId={TID.spot.stopPriceStep('down')}
    />
  );
  return (
    <>
      {(type === 'stop_limit' || type === 'stop_market') && stopStepper}
      {form.figures.priced ? (
        <Stepper
          value={price}
          onChange={form.edit(onPrice)}
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
            onChange={form.setStopLimitPrice}
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
    </>
  );
}

/** The amount in the base coin, or what a market buy spends in the quote coin. */
export function AmountField({ pair, form }: { pair: SpotPair; form: OrderFormState }) {
  const { t } = useTranslation();
  const { type, amount, spend } = form.draft;
  return form.figures.spending ? (
    <Stepper
      value={spend}
      onChange={form.setSpend}
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
      onChange={form.setAmount}
      step={pair.step}
      placeholder={t('spot.amount')}
      caption={type !== 'limit' && type !== 'market'}
      unit={pair.base}
      testId={TID.spot.amount}
      upTestId={TID.spot.amountStep('up')}
      downTestId={TID.spot.amountStep('down')}
    />
  );
}

/** A share of the balance: 0, 25, 50, 75 or 100 %, the track filled up to the draft's share. */
export function PercentDots({ percent, onPick }: { percent: number; onPick: (p: number) => void }) {
  return (
    <div className="hx-spot-percents" style={{ ['--fill' as string]: `${percent}%` }}>
      <div className="hx-spot-track" aria-hidden="true" />
      {PERCENTS.map((p) => (
        <button
          key={p}
          type="button"
          className={percent >= p ? 'hx-spot-dot hx-spot-dot--on' : 'hx-spot-dot'}
          style={{ left: `${p}%` }}
          aria-label={`${p}%`}
          onClick={() => onPick(p)}
          data-testid={TID.spot.percent(p)}
        >
          <span className="hx-spot-dot-label">{p}%</span>
        </button>
      ))}
    </div>
  );
}

/** What is available, what the order costs (or buys, for a market buy) and its fee. */
export function OrderFacts({ pair, figures }: { pair: SpotPair; figures: OrderFigures }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const decimalsOf = useDecimalsOf();
  const { buying, spending, available, bought, total, fee, estimate } = figures;
  const availableDecimals = decimalsOf(buying ? pair.quote_currency_id : pair.base_currency_id);
  const receivedDecimals = decimalsOf(buying ? pair.base_currency_id : pair.quote_currency_id);
  return (
    <dl className="hx-spot-facts">
      <div>
        <dt>{t(buying ? 'spot.available' : 'spot.sellable')}</dt>
        <dd data-testid={TID.spot.available}>
          {available === undefined ? '--' : floorFormat(available, availableDecimals, locale)}{' '}
          {buying ? pair.quote : pair.base}
        </dd>
      </div>
      {spending ? (
        <div>
          <dt>{t('spot.estimatedAmount')}</dt>
          <dd data-testid={TID.spot.bought}>
            {bought === null ? '--' : estimate + floorFormat(bought, pair.amount_decimals, locale)}{' '}
            {pair.base}
          </dd>
        </div>
      ) : (
        <div>
          <dt>{t('spot.total')}</dt>
          <dd data-testid={TID.spot.total}>
            {total === null
              ? '--'
              : estimate + floorFormat(total, decimalsOf(pair.quote_currency_id), locale)}{' '}
            {pair.quote}
          </dd>
        </div>
      )}
      <div>
        <dt>{t('spot.fee')}</dt>
        <dd data-testid={TID.spot.fee}>
          {fee === null ? '--' : estimate + floorFormat(fee, receivedDecimals, locale)}{' '}
          {buying ? pair.base : pair.quote}
        </dd>
      </div>
    </dl>
  );
}
