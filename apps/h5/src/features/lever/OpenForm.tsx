import { Button } from 'antd-mobile';
import { Stepper } from '../spot/Stepper.tsx';
import { DecimalInput } from '../../components/DecimalInput.tsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LeverPair } from '@hx/protocol';
import { useLocale } from '../../i18n/index.ts';
import { TID } from '../../testids.ts';
import { amountText, priceText } from './calc.ts';
import { OpenSheet } from './OpenSheet.tsx';
import { HelpLink } from './HelpLink.tsx';
import { StopFields } from './StopFields.tsx';
import { useOpenForm, type EntryType, type OpenFormState } from './useOpenForm.ts';

interface Props {
  pair: LeverPair | undefined;
  /** The contract account's available USDT. */
  available: string | undefined;
  /** After an open or a placed limit entry: show where it went and refresh. */
  onOpened: (type: EntryType) => Promise<void>;
}

/** Spot to contract account: the transfer page with both accounts chosen. */
export const TRANSFER_TO_CONTRACT = '/pages/transfer/index?from=currency&to=contract';

/**
 * Opening a long or short: side, market or limit, lots, multiple, stops, what it costs, and the
 * confirmation sheet every open goes through. An order the contract account cannot pay (margin +
 * fee over its available USDT) says so in the form and offers the transfer, before any sheet.
 * Its state and the request are in useOpenForm.ts.
 */
export function OpenForm({ pair, available, onOpened }: Props) {
  const { t } = useTranslation();
  const form = useOpenForm(pair, available, onOpened);
  const { side, shortfall } = form;
  return (
    <>
      {pair && (
        <div className="hx-lever-form">
          <OpenChoices pair={pair} form={form} />
          <StopFields
            profit={form.stopProfit}
            loss={form.stopLoss}
            onProfit={form.setStopProfit}
            onLoss={form.setStopLoss}
            testIds={{ profit: TID.lever.stopProfit, loss: TID.lever.stopLoss }}
          />
          <CostSummary pair={pair} form={form} available={available} />
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
            loading={form.busy && !form.asking}
            onClick={form.ask}
            data-testid={TID.lever.submit}
          >
            {t(side === 'long' ? 'lever.openLong' : 'lever.openShort')}
          </Button>
        </div>
      )}
      <OpenSheet order={form.asked} busy={form.busy} onConfirm={form.send} onCancel={form.cancel} />
    </>
  );
}

/** Long or short, market or limit (with its price), lots and multiple. */
function OpenChoices({ pair, form }: { pair: LeverPair; form: OpenFormState }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <>
      <div className="hx-lever-row">
        {(['long', 'short'] as const).map((s) => (
          <button
            key={s}
            type="button"
            className={`hx-lever-${s}`}
            aria-pressed={form.side === s}
            onClick={() => form.setSide(s)}
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
            aria-pressed={form.type === k}
            onClick={() => form.setType(k)}
            data-testid={TID.lever.type(k)}
          >
            {t(`lever.${k}`)}
          </button>
        ))}
      </div>
      {form.type === 'limit' && (
        <label className="hx-lever-field">
          <span>{t('lever.limitPrice')}</span>
          <DecimalInput
            className="hx-lever-input"
            value={form.price}
            onChange={form.setPrice}
            placeholder={priceText(pair.price, pair.price_precision, locale)}
            data-testid={TID.lever.price}
          />
        </label>
      )}
      <div className="hx-lever-field">
        <span>{t('lever.lotsLabel', { size: pair.lot_size, coin: pair.name.split('/')[0] })}</span>
        {/* The spot form's stepper: antd-mobile's wrote aria-valuemax="NaN" without a max
            and left its input unnamed (Lighthouse's accessibility audit). */}
        <Stepper
          value={String(form.lots)}
          onChange={(v) => form.setLots(Math.max(1, Math.floor(Number(v) || 1)))}
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
              aria-pressed={m === form.multiple}
              onClick={() => form.setMultiple(m)}
              data-testid={TID.lever.multiple(m)}
            >
              {t('lever.times', { multiple: m })}
            </button>
          ))}
        </div>
      </div>
    </>
  );
}

/** Margin, opening fee, what the contract account has, and the liquidation price. */
function CostSummary({
  pair,
  form,
  available,
}: {
  pair: LeverPair;
  form: OpenFormState;
  available: string | undefined;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { cost } = form;
  return (
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
  );
}
