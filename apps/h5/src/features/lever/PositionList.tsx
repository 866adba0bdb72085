import { useState } from 'react';
import { Button, Toast } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LeverPair, LeverPosition } from '@hx/protocol';
import { call } from '../../api/call.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { TID } from '../../testids.ts';
import { PositionCard } from './PositionCard.tsx';
import { usePositionActions } from './usePositionActions.ts';
import { positionsQuery, type LeverTab, type LeverView } from './queries.ts';
import { StopsPopup, type Stops } from './StopsPopup.tsx';
import { Segments } from '../../components/Segments.tsx';

const VIEWS: LeverView[] = ['holding', 'waiting', 'closed', 'cancelled'];
const serverTab = (view: LeverView): LeverTab => (view === 'waiting' ? 'holding' : view);

interface Props {
  tab: LeverView;
  onTab: (tab: LeverView) => void;
  /** The pairs, for each position's price precision. */
  pairs: readonly LeverPair[];
  refresh: () => Promise<unknown>;
}

/**
 * The positions under their tabs (holding, open orders, closed, cancelled) with live P&L, and
 * what can be done to them: close, close all, cancel a waiting entry, set stops.
 */
export function PositionList({ tab, onTab: setTab, pairs, refresh }: Props) {
  const { t } = useTranslation();
  const [stopsOf, setStopsOf] = useState<LeverPosition | null>(null);
  // Positions and open orders come in one list (the server's "holding" tab): always fetched, so
  // both tabs show their counts; closed and cancelled only while looked at.
  const current = useQuery(positionsQuery('holding'));
  const past = useQuery({
    ...positionsQuery(serverTab(tab)),
    enabled: serverTab(tab) !== 'holding',
  });
  const positions = serverTab(tab) === 'holding' ? current : past;
  const precisionOf = (symbol: string) =>
    pairs.find((p) => p.symbol === symbol)?.price_precision ?? 2;

  const { close, cancel, closeAll } = usePositionActions(refresh);

  const saveStops = async (stops: Stops) => {
    if (!stopsOf) return;
    try {
      await call.leverSetStop({
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
    <>
      {/* Equal-width tabs that wrap their words: every language fits 375 px, none clipped. */}
      <Segments
        className="hx-lever-tabs"
        options={VIEWS}
        value={tab}
        onChange={setTab}
        label={(k) => (
          <>
            {t(`lever.tab.${k}`)}
            {/* A no-break space keeps the count with the last word when the label wraps. */}
            {counts[k] ? <span className="hx-lever-count">{`\u00a0${counts[k]}`}</span> : null}
          </>
        )}
        testId={TID.lever.tab}
      />
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
    </>
  );
}
