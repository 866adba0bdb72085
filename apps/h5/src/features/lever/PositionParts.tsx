import { useTranslation } from 'react-i18next';
import type { LeverPosition } from '@hx/protocol';
import { useLocale } from '../../i18n/index.ts';
import { TID } from '../../testids.ts';
import { amountText, netProfit, ratioText, riskLevel, roe, signed } from './calc.ts';

const toneOf = (value: string | null) =>
  value === null || Number(value) === 0
    ? ''
    : Number(value) > 0
      ? ' hx-lever-up'
      : ' hx-lever-down';

/**
 * A position's P&L with its ROE (P&L ÷ margin): unrealised before fees while holding (as
 * exchanges show it) with what it is after the opening fee; realised after the fee once closed.
 */
export function ProfitLine({ position: p }: { position: LeverPosition }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const holding = p.status === 'holding';
  const net = netProfit(p.profit, p.fee);
  const headline = holding ? p.profit : net;
  const rate = roe(headline, p.margin);
  return (
    <div className={`hx-lever-profit${toneOf(headline)}`}>
      <span>{holding ? t('lever.unrealised') : t('lever.realised')}</span>
      <b data-testid={TID.lever.profit(p.id)}>{signed(headline, locale)}</b>
      <span className="hx-lever-roe">
        {t('lever.roe')} <b data-testid={TID.lever.roe(p.id)}>{ratioText(rate, locale)}</b>
      </span>
      <span className="hx-lever-muted" data-testid={TID.lever.net(p.id)}>
        {holding
          ? t('lever.netOfFees', { amount: signed(net, locale) })
          : t('lever.realisedNote', {
              profit: signed(p.profit, locale),
              fee: amountText(p.fee, locale),
            })}
      </span>
    </div>
  );
}

/** A holding position's margin ratio as a risk meter (100% = liquidation). */
export function RiskMeter({ position: p }: { position: LeverPosition }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <div
      className={`hx-lever-risk hx-lever-risk--${riskLevel(p.margin_ratio)}`}
      data-testid={TID.lever.marginRatio(p.id)}
    >
      <div className="hx-lever-risk-label">
        <span>{t('lever.marginRatio')}</span>
        <b>{ratioText(p.margin_ratio, locale)}</b>
        <span className="hx-lever-muted">{t('lever.marginRatioHint')}</span>
      </div>
      <div
        className="hx-lever-risk-bar"
        role="meter"
        aria-label={t('lever.marginRatio')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={p.margin_ratio === null ? 0 : Number(p.margin_ratio)}
      >
        <i style={{ width: `${Math.min(100, Number(p.margin_ratio ?? 0))}%` }} />
      </div>
    </div>
  );
}
