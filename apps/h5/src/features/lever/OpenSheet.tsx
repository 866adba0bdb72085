import { useState, type ReactNode } from 'react';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { LeverPair, LeverSide } from '@hx/protocol';
import { ConfirmSheet } from '../../components/ConfirmSheet.tsx';
import { useLocale } from '../../i18n/index.ts';
import { decimalsOf } from '../../lib/market.ts';
import { floorFormat } from '../../lib/number.ts';
import { TID } from '../../testids.ts';
import { amountText, percentText, priceText, type Preview } from './calc.ts';
import { HelpLink } from './HelpLink.tsx';

export interface OpenOrder {
  pair: LeverPair;
  side: LeverSide;
  type: 'market' | 'limit';
  lots: number;
  multiple: number;
  stopProfit: string;
  stopLoss: string;
  cost: Preview;
}

function Row({
  label,
  children,
  testId,
  strong,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
  strong?: boolean;
}) {
  return (
    <div
      className={strong ? 'hx-lever-confirm-row hx-lever-confirm-strong' : 'hx-lever-confirm-row'}
    >
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/**
 * Every open asks first: side, lots, multiple, margin, fee and the liquidation price the server
 * will store (estimated from the current price for a market order), with what a move against
 * the position costs. Nothing is sent until Confirm.
 */
export function OpenSheet({
  order,
  busy,
  onConfirm,
  onCancel,
}: {
  order: OpenOrder | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  // The last order asked about stays in the sheet while it slides away.
  const [shown, setShown] = useState(order);
  if (order !== null && order !== shown) setShown(order);
  const long = shown?.side !== 'short';
  return (
    <ConfirmSheet
      open={order !== null}
      title={t('lever.confirm.title')}
      busy={busy}
      confirmLabel={t(long ? 'lever.openLong' : 'lever.openShort')}
      confirmColor={long ? 'success' : 'danger'}
      className="hx-lever-popup hx-lever-confirm"
      testIds={{
        sheet: TID.lever.confirm.sheet,
        cancel: TID.lever.confirm.cancel,
        confirm: TID.lever.confirm.ok,
      }}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {shown && <OpenFacts order={shown} />}
    </ConfirmSheet>
  );
}

/** What the open will do, and what a move against it costs. */
function OpenFacts({ order: o }: { order: OpenOrder }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const coin = o.pair.name.split('/')[0] ?? '';
  const price = (v: string | null) => priceText(v, o.pair.price_precision, locale);
  return (
    <>
      <div className="hx-lever-confirm-head">
        <Tag color={o.side === 'long' ? 'var(--hx-rise-fill)' : 'var(--hx-fall-fill)'}>
          {t(`lever.${o.side}`)}
        </Tag>
        <strong>{o.pair.name}</strong>
        <span>{t('lever.times', { multiple: o.multiple })}</span>
      </div>
      <dl className="hx-lever-confirm-rows">
        <Row label={t('lever.confirm.type')}>{t(`lever.${o.type}`)}</Row>
        <Row label={t('lever.confirm.entry')}>
          {o.type === 'market' ? '≈ ' : ''}
          {price(o.cost.entry)}
          {o.type === 'market' && (
            // Where the estimate comes from, as the position card will name it.
            <small className="hx-lever-basis" data-testid={TID.lever.confirm.basis}>
              {t('lever.confirm.basis', {
                price: price(o.pair.price),
                sign: o.side === 'long' ? '+' : '−',
                rate: percentText(o.pair.spread, locale),
              })}
            </small>
          )}
        </Row>
        <Row label={t('lever.lots')}>
          {o.lots} × {floorFormat(o.pair.lot_size, decimalsOf(o.pair.lot_size), locale)} {coin}
        </Row>
        <Row label={t('lever.multiple')}>{t('lever.times', { multiple: o.multiple })}</Row>
        <Row label={t('lever.margin')} testId={TID.lever.confirm.margin}>
          {amountText(o.cost.margin, locale)} USDT
        </Row>
        <Row label={t('lever.openingFee')} testId={TID.lever.confirm.fee}>
          {amountText(o.cost.fee, locale)} USDT
        </Row>
        <Row label={t('lever.confirm.total')}>{amountText(o.cost.total, locale)} USDT</Row>
        {o.stopProfit.trim() && (
          <Row label={t('lever.stopProfit')}>{price(o.stopProfit.trim())}</Row>
        )}
        {o.stopLoss.trim() && <Row label={t('lever.stopLoss')}>{price(o.stopLoss.trim())}</Row>}
        <Row label={t('lever.confirm.liquidation')} testId={TID.lever.confirm.liquidation} strong>
          {price(o.cost.liquidation)}
        </Row>
      </dl>
      <p className="hx-lever-warning" role="note">
        {t('lever.confirm.warning', {
          reach: percentText(o.cost.reach, locale),
          price: price(o.cost.liquidation),
        })}
      </p>
      {o.type === 'market' && (
        <p className="hx-lever-muted hx-lever-note">{t('lever.confirm.marketNote')}</p>
      )}
      <HelpLink />
    </>
  );
}
