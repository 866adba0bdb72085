import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type * as Charts from 'lightweight-charts';
import { LOCALE_TAGS, type KlineBar, type PriceSource } from '@hx/protocol';
import { useChannel } from '../../api/useChannel.ts';
import { useLocale } from '../../i18n/index.ts';
import { averageOfLast } from '../../lib/market.ts';
import { floorFormat } from '../../lib/number.ts';
import { fetchKline, fetchTimeShare } from '../market/queries.ts';
import { isKlinePeriod, MA_LENGTHS, simulatedUntil, type ChartPeriod } from './chartData.ts';
import { useChartColors } from './chartTheme.ts';
import { ChartView } from './chartView.ts';
import { SimulatedNote } from './SimulatedNote.tsx';
import './chart.css';

type Status = 'loading' | 'ready' | 'empty' | 'error';

// The chart library loads with the first chart, never with the first page.
let libPromise: Promise<typeof Charts> | undefined;
const loadLib = () => (libPromise ??= import('lightweight-charts'));

/** Bars per request: the latest page first, then older pages as the user scrolls left. */
const PAGE = 400;
// The first page: the ~50 bars a phone shows, the 30 before them its MA30 needs, and a margin
// before scrolling left asks for more. Fewer bars to take in make the first draw cheaper.
const FIRST_PAGE = 150;
const RELOAD_GAP_MS = 5000;

/** Resolves after `n` animation frames (a ResizeObserver reports between two of them). */
const frames = (n: number): Promise<void> =>
  new Promise((resolve) => {
    const step = (left: number) =>
      left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1));
    step(n);
  });

async function loadLatest(
  symbol: string,
  period: ChartPeriod,
  limit = FIRST_PAGE,
  source: PriceSource = 'trades',
): Promise<KlineBar[]> {
  if (isKlinePeriod(period)) return fetchKline(symbol, period, undefined, limit, source);
  const points = await fetchTimeShare(symbol, source);
  return points.map(({ time, price }) => ({
    time,
    open: price,
    high: price,
    low: price,
    close: price,
    volume: '0',
  }));
}

/** MA5/10/30 at bar `index` (the last when null), in decimal arithmetic from the close strings. */
function legendAt(
  bars: readonly KlineBar[],
  index: number | null,
  precision: number,
): (string | null)[] {
  if (bars.length === 0) return [];
  const end = index === null ? bars.length : index + 1;
  const closes = bars.slice(Math.max(0, end - 30), end).map((b) => b.close);
  return MA_LENGTHS.map((length) => averageOfLast(closes, length, precision));
}

/**
 * Keeps the chart live from `kline.<S>.<period>`: each bar goes in; a missed message or an
 * out-of-order bar reloads the latest page (at most every few seconds).
 */
function useLiveBars(
  view: RefObject<ChartView | null>,
  {
    symbol,
    period,
    windowBars,
    source,
  }: { symbol: string; period: ChartPeriod; windowBars?: number; source: PriceSource },
  then: { setStatus: (status: Status) => void; showLegend: () => void; afterBar: () => void },
) {
  const { setStatus, showLegend, afterBar } = then;
  // After a missed message or an out-of-order bar; at most every few seconds.
  const lastReload = useRef(0);
  const reloadLatest = () => {
    const chart = view.current;
    if (!chart || Date.now() - lastReload.current < RELOAD_GAP_MS) return;
    lastReload.current = Date.now();
    loadLatest(symbol, period, windowBars, source)
      .then((bars) => {
        if (view.current !== chart) return;
        chart.setBars(bars);
        setStatus(chart.bars.length > 0 ? 'ready' : 'empty');
        showLegend();
      })
      .catch(() => {});
  };

  useChannel<KlineBar>(
    `${source === 'index' ? 'indexKline' : 'kline'}.${symbol}.${isKlinePeriod(period) ? period : '1min'}`,
    (bar) => {
      const chart = view.current;
      if (!chart || !bar || typeof bar.time !== 'number') return;
      if (!chart.live(bar)) return reloadLatest();
      setStatus('ready');
      afterBar();
    },
    reloadLatest,
  );
}

/**
 * Pages older bars in as the user scrolls left (none for the time-share line or a fixed
 * window); `shown` hears which of the bars now drawn are the demo's simulated walk.
 */
function useOlderBars(
  view: RefObject<ChartView | null>,
  {
    symbol,
    period,
    fixed,
    source,
  }: {
    symbol: string;
    period: ChartPeriod;
    fixed: boolean;
    source: PriceSource;
  },
  shown: (simulated: number | null) => void,
) {
  const older = useRef({ loading: false, done: false });
  const reset = useCallback((done: boolean) => {
    older.current = { loading: false, done };
  }, []);
  const load = useCallback(async () => {
    const chart = view.current;
    const oldest = chart?.bars[0];
    if (!chart || !oldest || !isKlinePeriod(period) || fixed) return;
    if (older.current.loading || older.current.done) return;
    older.current.loading = true;
    try {
      const bars = await fetchKline(symbol, period, oldest.time, PAGE, source);
      if (view.current !== chart) return;
      if (bars.length === 0) older.current.done = true;
      else chart.setBars(bars);
      shown(simulatedUntil(chart.bars));
    } catch {
      // Scrolling left again tries again.
    } finally {
      older.current.loading = false;
    }
  }, [view, symbol, period, fixed, source, shown]);
  return { load, reset };
}

/** Over the chart until it has bars: loading, no data, or a failure to try again. */
function ChartOverlay({ status, onRetry }: { status: Status; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="hx-chart-overlay">
      {status === 'loading' && <span className="hx-spinner" />}
      {status === 'empty' && <p>{t('kline.noData')}</p>}
      {status === 'error' && (
        <button type="button" className="hx-link" onClick={onRetry}>
          {t('kline.loadFailed')}
        </button>
      )}
    </div>
  );
}

/** The moving averages' values where the crosshair is (else at the last bar), in their colours. */
function MaLegend({
  values,
  colors,
  precision,
}: {
  values: (string | null)[];
  colors: readonly string[];
  precision: number;
}) {
  const locale = useLocale();
  return (
    <div className="hx-chart-legend">
      {values.map((value, i) => (
        <span key={MA_LENGTHS[i]} style={{ color: colors[i] }}>
          MA{MA_LENGTHS[i]} {value === null ? '--' : floorFormat(value, precision, locale)}
        </span>
      ))}
    </div>
  );
}

/**
 * A symbol's chart (kline page and forex details): candles, volume and MA5/10/30, or the
 * time-share line; live from `kline.<S>.<period>`, older history paged in on scrolling left.
 * With `bars`, a fixed window instead: the latest `bars` closes of `period` as a line, no paging
 * (the options page fits the window to the product's period). A spot pair's chart is its
 * trades; `source="index"` draws its index (`indexKline.<S>.<period>`) instead.
 */
export function PriceChart({
  symbol,
  period,
  precision,
  bars: windowBars,
  source = 'trades',
  testId,
}: {
  symbol: string;
  period: ChartPeriod;
  precision: number;
  bars?: number;
  source?: PriceSource;
  testId?: string;
}) {
  const locale = useLocale();
  const colors = useChartColors();
  const element = useRef<HTMLDivElement>(null);
  const view = useRef<ChartView | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [legend, setLegend] = useState<(string | null)[]>([]);
  const [attempt, setAttempt] = useState(0);
  const [simulated, setSimulated] = useState<number | null>(null);
  const crosshair = useRef<number | null>(null);
  const colorsRef = useRef(colors);
  const fixed = windowBars !== undefined;
  const candles = period !== 'timeShare' && !fixed;

  const showLegend = useCallback(() => {
    const bars = view.current?.bars ?? [];
    setLegend(candles ? legendAt(bars, crosshair.current, precision) : []);
  }, [candles, precision]);

  const { load: loadOlder, reset: resetOlder } = useOlderBars(
    view,
    { symbol, period, fixed, source },
    setSimulated,
  );

  // One chart per symbol and period; it is built once the library and the first page are in.
  useEffect(() => {
    let cancelled = false;
    const host = element.current;
    if (!host) return;
    setStatus('loading');
    crosshair.current = null;
    resetOlder(period === 'timeShare' || fixed);
    let made: ChartView | null = null;
    setSimulated(null);
    void Promise.all([loadLib(), loadLatest(symbol, period, windowBars, source)])
      .then(async ([lib, bars]) => {
        if (cancelled) return;
        // Hidden while empty: its price axis widens when the bars go in.
        host.style.visibility = 'hidden';
        const chart = (made = new ChartView(lib, host, {
          period,
          line: !candles,
          precision,
          colors: colorsRef.current,
          localeTag: LOCALE_TAGS[locale],
          onNeedOlder: () => void loadOlder(),
          onCrosshair: (index) => {
            crosshair.current = index;
            showLegend();
          },
        }));
        // Its canvases learn their pixel size a frame later (a ResizeObserver): bars drawn
        // before that would be drawn twice, so they go in once the empty chart has its size.
        await frames(2);
        if (cancelled) return;
        view.current = chart;
        chart.setBars(bars);
        setSimulated(simulatedUntil(chart.bars));
        host.style.visibility = '';
        setStatus(bars.length > 0 ? 'ready' : 'empty');
        showLegend();
      })
      .catch(() => {
        if (!cancelled) setStatus('error');
      });
    return () => {
      cancelled = true;
      made?.destroy();
      host.style.visibility = '';
      view.current = null;
    };
    // A new language re-creates the chart too (its date labels are the language's).
  }, [
    symbol,
    period,
    windowBars,
    source,
    fixed,
    candles,
    precision,
    locale,
    attempt,
    loadOlder,
    resetOlder,
    showLegend,
  ]);

  useEffect(() => {
    colorsRef.current = colors;
    view.current?.setColors(colors);
  }, [colors]);

  const afterBar = () => {
    if (crosshair.current === null) showLegend();
  };
  useLiveBars(view, { symbol, period, windowBars, source }, { setStatus, showLegend, afterBar });

  return (
    <div className="hx-chart">
      <MaLegend values={legend} colors={colors.ma} precision={precision} />
      <div className="hx-chart-box" data-testid={testId} data-state={status}>
        <div className="hx-chart-canvas" ref={element} />
        {status !== 'ready' && (
          <ChartOverlay status={status} onRetry={() => setAttempt((a) => a + 1)} />
        )}
      </div>
      {simulated !== null && <SimulatedNote until={simulated} />}
    </div>
  );
}
