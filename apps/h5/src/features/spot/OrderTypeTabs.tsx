import { useState } from 'react';
import { ActionSheet, Checkbox } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import DownOutline from 'antd-mobile-icons/es/DownOutline';
import { TID } from '../../testids.ts';
import type { PlaceType, TimeInForce } from './types.ts';

/** The order types behind the third tab, picked from a sheet. */
const CONDITIONAL: readonly PlaceType[] = ['stop_limit', 'stop_market', 'oco'];
const TIME_IN_FORCE: readonly TimeInForce[] = ['gtc', 'ioc', 'fok'];

/**
 * Limit and Market as tabs, and a third tab for the conditional orders (stop-limit, stop-market,
 * OCO) that shows the one last picked and opens a sheet to pick another, as Binance's app keeps
 * its type picker to one short line.
 */
export function OrderTypeTabs({
  type,
  onType,
}: {
  type: PlaceType;
  onType: (type: PlaceType) => void;
}) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const [lastConditional, setLastConditional] = useState<PlaceType>('stop_limit');
  const conditional = CONDITIONAL.includes(type);
  const tab = (on: boolean) => (on ? 'hx-spot-type hx-spot-type--on' : 'hx-spot-type');
  return (
    <>
      <div className="hx-spot-types" role="tablist" aria-label={t('spot.orderType')}>
        {(['limit', 'market'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={type === k}
            className={tab(type === k)}
            onClick={() => onType(k)}
            data-testid={TID.spot.type(k)}
          >
            {t(`spot.${k}`)}
          </button>
        ))}
        <button
          type="button"
          role="tab"
          aria-selected={conditional}
          aria-haspopup="dialog"
          className={`${tab(conditional)} hx-spot-type--more`}
          onClick={() => setPicking(true)}
          data-testid={TID.spot.typeMore}
        >
          <span className="hx-spot-type-name">
            {t(`spot.${conditional ? type : lastConditional}`)}
          </span>
          <DownOutline className="hx-spot-type-caret" />
        </button>
      </div>
      <ActionSheet
        visible={picking}
        onClose={() => setPicking(false)}
        extra={t('spot.orderType')}
        cancelText={t('common.cancel')}
        actions={CONDITIONAL.map((k) => ({
          key: k,
          text: <span data-testid={TID.spot.type(k)}>{t(`spot.${k}`)}</span>,
          description: t(`spot.typeHint.${k as 'oco'}`),
        }))}
        onAction={(action) => {
          const picked = action.key as PlaceType;
          setLastConditional(picked);
          setPicking(false);
          onType(picked);
        }}
      />
    </>
  );
}

/** A limit order's time in force (a sheet with what each means) and post-only, on one line. */
export function LimitOptions({
  timeInForce,
  onTimeInForce,
  postOnly,
  onPostOnly,
}: {
  timeInForce: TimeInForce;
  onTimeInForce: (tif: TimeInForce) => void;
  postOnly: boolean;
  onPostOnly: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  return (
    <div className="hx-spot-options">
      <Checkbox
        className="hx-spot-post-only"
        checked={postOnly}
        // A post-only order rests or is refused: it is good till cancelled.
        onChange={(on) => {
          onPostOnly(on);
          if (on) onTimeInForce('gtc');
        }}
        data-testid={TID.spot.postOnly}
      >
        {t('spot.postOnly')}
      </Checkbox>
      <button
        type="button"
        className="hx-spot-tif"
        aria-haspopup="dialog"
        aria-label={`${t('spot.tif.title')}: ${t(`spot.tif.${timeInForce}`)}`}
        onClick={() => setPicking(true)}
        data-testid={TID.spot.tif}
      >
        {t(`spot.tif.${timeInForce}`)}
        <DownOutline className="hx-spot-type-caret" />
      </button>
      <ActionSheet
        visible={picking}
        onClose={() => setPicking(false)}
        extra={t('spot.tif.title')}
        cancelText={t('common.cancel')}
        actions={TIME_IN_FORCE.map((k) => ({
          key: k,
          text: <span data-testid={TID.spot.tifOption(k)}>{t(`spot.tif.${k}`)}</span>,
          description: t(`spot.tifHint.${k}`),
          bold: k === timeInForce,
        }))}
        onAction={(action) => {
          const picked = action.key as TimeInForce;
          setPicking(false);
          onTimeInForce(picked);
          if (picked !== 'gtc') onPostOnly(false);
        }}
      />
    </div>
  );
}
