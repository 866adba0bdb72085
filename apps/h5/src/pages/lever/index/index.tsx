import { useState } from 'react';
import { Button, Dialog, Input, Stepper, Tabs, Toast } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useChannel } from '../../../api/useChannel.ts';
import { useTranslation } from 'react-i18next';
import { StopFields } from '../../../features/lever/StopFields.tsx';
import { useSearchParams } from 'react-router';
import type { LeverPosition, LeverSide } from '@hx/contracts';
import { apiPost } from '../../../api/http.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { preview, priceText } from '../../../features/lever/calc.ts';
import { PositionCard } from '../../../features/lever/PositionCard.tsx';
import { leverDealQuery, positionsQuery, type LeverTab } from '../../../features/lever/queries.ts';
import { StopsPopup } from '../../../features/lever/StopsPopup.tsx';
import { TID } from '../../../testids.ts';
import '../../../features/lever/lever.css';

/** Perpetual contracts: open a long or short, watch positions with live P&L, close, set stops. */
export default function LeverPage() {
  const { t } = useTranslation();
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
  const [tab, setTab] = useState<LeverTab>('holding');
  const [stopsOf, setStopsOf] = useState<LeverPosition | null>(null);
  const positions = useQuery(positionsQuery(tab));
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

  const submit = async () => {
    if (!pair) return;
    if (!Number.isInteger(lots) || lots < 1) {
      Toast.show({ content: t('lever.lotsHint') });
      return;
    }
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
      setStopProfit('');
      setStopLoss('');
      setTab('holding');
      await refresh();
    } catch {
      // the failure was toasted by the api client
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
      Toast.show({ icon: 'success', content: t('lever.closed', { profit: closed.profit ?? '0' }) });
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

  const saveStops = async (sp: string, sl: string) => {
    if (!stopsOf) return;
    try {
      await apiPost('lever/setstop', { id: stopsOf.id, stop_profit: sp, stop_loss: sl });
      Toast.show({ icon: 'success', content: t('lever.stopsSaved') });
      setStopsOf(null);
      await refresh();
    } catch {
      // toasted
    }
  };

  const list = positions.data?.list ?? [];
  return (
    <PageFrame title={t('lever.title')}>
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
            <b>{priceText(pair.price, pair.price_precision)}</b>
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
                  placeholder={priceText(pair.price, pair.price_precision)}
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
                <span data-testid={TID.lever.margin}>{cost?.margin ?? '--'} USDT</span>
              </div>
              <div>
                <span className="hx-lever-muted">{t('lever.fee')}</span>
                <span data-testid={TID.lever.fee}>{cost?.fee ?? '--'} USDT</span>
              </div>
              <div>
                <span className="hx-lever-muted">{t('lever.available')}</span>
                <span data-testid={TID.lever.available}>
                  {deal.data?.balance.available ?? '--'} USDT
                </span>
              </div>
            </div>
            <Button
              block
              color={side === 'long' ? 'success' : 'danger'}
              loading={busy}
              onClick={submit}
              data-testid={TID.lever.submit}
            >
              {t(side === 'long' ? 'lever.openLong' : 'lever.openShort')}
            </Button>
          </div>
        </>
      )}
      <div className="hx-lever-tabs-head">
        <Tabs activeKey={tab} onChange={(k) => setTab(k as LeverTab)} style={{ flex: 1 }}>
          {(['holding', 'closed', 'cancelled'] as const).map((k) => (
            <Tabs.Tab
              key={k}
              title={<span data-testid={TID.lever.tab(k)}>{t(`lever.tab.${k}`)}</span>}
            />
          ))}
        </Tabs>
        {tab === 'holding' && list.some((p) => p.status === 'holding') && (
          <Button size="mini" onClick={closeAll} data-testid={TID.lever.closeAll}>
            {t('lever.closeAll')}
          </Button>
        )}
      </div>
      <div className="hx-lever-list">
        {list.length === 0 && !positions.isLoading && <EmptyState text={t('lever.empty')} />}
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
      <StopsPopup position={stopsOf} onClose={() => setStopsOf(null)} onSave={saveStops} />
    </PageFrame>
  );
}
