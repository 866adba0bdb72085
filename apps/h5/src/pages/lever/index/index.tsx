import { useState } from 'react';
import { Button, Dialog, Input, Stepper, Toast } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useChannel } from '../../../api/useChannel.ts';
import { useLiveAccount } from '../../../features/live/useLiveAccount.ts';
import { useTranslation } from 'react-i18next';
import { StopFields } from '../../../features/lever/StopFields.tsx';
import { useSearchParams } from 'react-router';
import type { LeverPosition, LeverSide } from '@hx/contracts';
import { apiPost } from '../../../api/http.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { DerivativesSwitch } from '../../../features/navigation/DerivativesSwitch.tsx';
import { amountText, netProfit, preview, priceText, signed } from '../../../features/lever/calc.ts';
import { ConfirmSheet, type OpenOrder } from '../../../features/lever/ConfirmSheet.tsx';
import { HelpLink } from '../../../features/lever/HelpLink.tsx';
import { PositionCard } from '../../../features/lever/PositionCard.tsx';
import {
  leverDealQuery,
  positionsQuery,
  type LeverTab,
  type LeverView,
} from '../../../features/lever/queries.ts';
import { useLocale } from '../../../i18n/index.ts';
import { StopsPopup, type Stops } from '../../../features/lever/StopsPopup.tsx';
import { TID } from '../../../testids.ts';
import '../../../features/lever/lever.css';

const VIEWS: LeverView[] = ['holding', 'waiting', 'closed', 'cancelled'];
const serverTab = (view: LeverView): LeverTab => (view === 'waiting' ? 'holding' : view);

/**
 * Perpetual contracts: open a long or short (always through the confirmation sheet), watch
 * positions with live P&L, ROE and margin ratio, close, set stops; waiting limit entries apart
 * under "Open orders".
 */
export default function LeverPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const deal = useQuery(leverDealQuery);
  const pairs = deal.data?.pairs ?? [];
  const pair = pairs.find((p) => p.symbol === params.get('symbol')) ?? pairs[0];
  const [side, setSide] = useState<LeverSide>('long');
  const [type, setType] = useState<'market' | 'limit'>('market');
  const [price, setPrice] = useState('');
  const [lots, setLots] = useState(1);
  const [chosen, setMultiple] = useState<number | null>(null);
  const [stopProfit, setStopProfit] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const [busy, setBusy] = useState(false);
  // `?tab=closed` (a notification of a stop or liquidation) opens the closed positions.
  const [tab, setTab] = useState<LeverView>(() =>
    params.get('tab') === 'closed' ? 'closed' : 'holding',
  );
  const [stopsOf, setStopsOf] = useState<LeverPosition | null>(null);
  const [asking, setAsking] = useState(false);
  // Positions and open orders come in one list (the server's "holding" tab): always fetched, so
  // both tabs show their counts; closed and cancelled only while looked at.
  const current = useQuery(positionsQuery('holding'));
  const past = useQuery({
    ...positionsQuery(serverTab(tab)),
    enabled: serverTab(tab) !== 'holding',
  });
  const positions = serverTab(tab) === 'holding' ? current : past;
  const multiple =
    pair && chosen !== null && pair.multiples.includes(chosen)
      ? chosen
      : (pair?.multiples[1] ?? pair?.multiples[0] ?? 10);
  const cost = pair
    ? preview(pair, side, lots, multiple, type === 'limit' ? price.trim() || null : null)
    : null;
  const precisionOf = (symbol: string) =>
    pairs.find((p) => p.symbol === symbol)?.price_precision ?? 2;

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['wallet'] });
  // A stop, a liquidation or a filled limit entry shows at once; P&L follows the 2 s refresh.
  useChannel<unknown>(
    'positions',
    () => void refresh(),
    () => void refresh(),
  );
  // A deposit or transfer changes the contract account's balance.
  useLiveAccount('balances');

  const order: OpenOrder | null =
    pair && cost ? { pair, side, type, lots, multiple, stopProfit, stopLoss, cost } : null;

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
    setAsking(true);
  };

  const send = async () => {
    if (!pair) return;
    setBusy(true);
    try {
      await apiPost('lever/submit', {
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
      setTab(type === 'limit' ? 'waiting' : 'holding');
      await refresh();
    } catch {
      // the failure was toasted by the api client; the sheet stays to try again or cancel
    } finally {
      setBusy(false);
    }
  };

  const close = async (p: LeverPosition) => {
    const ok = await Dialog.confirm({
      title: t('lever.closeTitle'),
      content: t('lever.closeConfirm', {
        symbol: p.symbol,
        lots: p.lots,
        side: t(`lever.${p.side}`),
      }),
      confirmText: t('lever.close'),
      cancelText: t('lever.keep'),
    });
    if (!ok) return;
    try {
      const closed = await apiPost<LeverPosition>('lever/close', { id: p.id });
      Toast.show({
        icon: 'success',
        content: t('lever.closed', {
          profit: signed(netProfit(closed.profit, closed.fee), locale),
        }),
      });
    } catch {
      // toasted
    }
    await refresh();
  };

  const cancel = async (p: LeverPosition) => {
    const ok = await Dialog.confirm({
      content: t('lever.cancelConfirm'),
      confirmText: t('lever.cancel'),
      cancelText: t('lever.keep'),
    });
    if (!ok) return;
    try {
      await apiPost('lever/cancel', { id: p.id });
    } catch {
      // toasted
    }
    await refresh();
  };

  const closeAll = () => {
    const run = async (which: 'all' | 'long' | 'short') => {
      try {
        const { list } = await apiPost<{ list: LeverPosition[] }>('lever/close_all', {
          side: which,
        });
        Toast.show({ content: t('lever.closedCount', { count: list.length }) });
      } catch {
        // toasted
      }
      await refresh();
    };
    Dialog.show({
      title: t('lever.closeAllTitle'),
      closeOnAction: true,
      closeOnMaskClick: true,
      actions: [
        { key: 'all', text: t('lever.closeAll'), onClick: () => run('all') },
        { key: 'long', text: t('lever.closeLongs'), onClick: () => run('long') },
        { key: 'short', text: t('lever.closeShorts'), onClick: () => run('short') },
        { key: 'no', text: t('lever.keep') },
      ],
    });
  };

  const saveStops = async (stops: Stops) => {
    if (!stopsOf) return;
    try {
      await apiPost('lever/setstop', {
        id: stopsOf.id,
        stop_profit: stops.stopProfit,
        stop_loss: stops.stopLoss,
        trailing_distance: stops.trailingDistance,
        trailing_unit: stops.trailingUnit,
      });
      Toast.show({ icon: 'success', content: t('lever.stopsSaved') });
      setStopsOf(null);
      await refresh();
    } catch {
      // toasted
    }
  };

  const all = positions.data?.list ?? [];
  const holding = (current.data?.list ?? []).filter((p) => p.status === 'holding');
  const waiting = (current.data?.list ?? []).filter((p) => p.status === 'waiting');
  const list = tab === 'holding' ? holding : tab === 'waiting' ? waiting : all;
  const counts: Partial<Record<LeverView, number>> = {
    holding: holding.length,
    waiting: waiting.length,
  };
  return (
    <PageFrame title={<DerivativesSwitch current="perpetual" />} back={false}>
      <div className="hx-lever-symbols" role="group" aria-label={t('lever.symbol')}>
        {pairs.map((p) => (
          <button
            key={p.symbol}
            type="button"
            aria-pressed={p.symbol === pair?.symbol}
            onClick={() => setParams({ symbol: p.symbol }, { replace: true })}
            data-testid={TID.lever.symbol(p.symbol)}
          >
            {p.name}
          </button>
        ))}
      </div>
      {pair && (
        <>
          <div className="hx-lever-quote">
            <span>{pair.name}</span>
            <b>{priceText(pair.price, pair.price_precision, locale)}</b>
          </div>
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
                <Input
                  className="hx-lever-input"
                  value={price}
                  onChange={setPrice}
                  inputMode="decimal"
                  placeholder={priceText(pair.price, pair.price_precision, locale)}
                  data-testid={TID.lever.price}
                />
              </label>
            )}
            <div className="hx-lever-field">
              <span>
                {t('lever.lotsLabel', { size: pair.lot_size, coin: pair.name.split('/')[0] })}
              </span>
              <Stepper
                min={1}
                step={1}
                digits={0}
                value={lots}
                onChange={(v) => setLots(Math.max(1, Math.floor(v || 1)))}
                data-testid={TID.lever.lots}
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
                <span data-testid={TID.lever.available}>
                  {amountText(deal.data?.balance.available, locale)} USDT
                </span>
              </div>
              <div>
                <span className="hx-lever-muted">{t('lever.liquidation')}</span>
                <span>{priceText(cost?.liquidation ?? null, pair.price_precision, locale)}</span>
              </div>
            </div>
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
        </>
      )}
      {/* Equal-width tabs that wrap their words: every language fits 375 px, none clipped. */}
      <div className="hx-segments hx-lever-tabs" role="tablist">
        {VIEWS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            className={tab === k ? 'hx-segment hx-segment--active' : 'hx-segment'}
            onClick={() => setTab(k)}
            data-testid={TID.lever.tab(k)}
          >
            {t(`lever.tab.${k}`)}
            {/* A no-break space keeps the count with the last word when the label wraps. */}
            {counts[k] ? <span className="hx-lever-count">{`\u00a0${counts[k]}`}</span> : null}
          </button>
        ))}
      </div>
      <div className="hx-lever-list">
        {tab === 'holding' && holding.length > 0 && (
          <div className="hx-lever-list-tools">
            <Button size="mini" onClick={closeAll} data-testid={TID.lever.closeAll}>
              {t('lever.closeAll')}
            </Button>
          </div>
        )}
        {tab === 'waiting' && (
          <p className="hx-lever-muted hx-lever-note">{t('lever.ordersHint')}</p>
        )}
        {list.length === 0 && !positions.isLoading && (
          <EmptyState text={t(tab === 'waiting' ? 'lever.emptyOrders' : 'lever.empty')} />
        )}
        {list.map((p) => (
          <PositionCard
            key={p.id}
            position={p}
            precision={precisionOf(p.symbol)}
            onClose={p.status === 'holding' ? close : undefined}
            onStops={p.status === 'holding' || p.status === 'waiting' ? setStopsOf : undefined}
            onCancel={p.status === 'waiting' ? cancel : undefined}
          />
        ))}
      </div>
      <StopsPopup
        position={stopsOf}
        precision={stopsOf ? precisionOf(stopsOf.symbol) : 2}
        onClose={() => setStopsOf(null)}
        onSave={saveStops}
      />
      <ConfirmSheet
        order={asking ? order : null}
        busy={busy}
        onConfirm={() => void send()}
        onCancel={() => setAsking(false)}
      />
    </PageFrame>
  );
}
