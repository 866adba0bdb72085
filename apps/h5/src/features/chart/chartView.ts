import type * as Charts from 'lightweight-charts';
import type { IChartApi, ISeriesApi, Time, UTCTimestamp } from 'lightweight-charts';
import type { KlineBar } from '@hx/protocol';
import type { ChartColors } from './chartTheme.ts';
import {
  applyLiveBar,
  isDaily,
  lastMaPoint,
  maLine,
  MA_LENGTHS,
  mergeBars,
  seconds,
  toCandle,
  toVolume,
  type ChartPeriod,
} from './chartData.ts';

type Lib = typeof Charts;

export interface ChartViewOptions {
  period: ChartPeriod;
  /** Draw closes as a line (the time-share's style) whatever the period; default: timeShare only. */
  line?: boolean;
  precision: number;
  colors: ChartColors;
  localeTag: string;
  /** The user scrolled near the oldest bar loaded. */
  onNeedOlder: () => void;
  /** The bar under the crosshair (its index), or null when the crosshair leaves. */
  onCrosshair: (index: number | null) => void;
}

/** Loading older bars starts when fewer than this many are left of the visible range. */
const OLDER_THRESHOLD = 20;

const asTime = (t: number) => t as UTCTimestamp;

/**
 * One lightweight-charts chart: candles with volume and MA lines, or the time-share area line.
 * It owns the bars it draws (`bars`, ascending); the component feeds it pages and live bars.
 */
export class ChartView {
  readonly bars: KlineBar[] = [];
  private readonly chart: IChartApi;
  private readonly line: boolean;
  private area?: ISeriesApi<'Area'>;
  private candles?: ISeriesApi<'Candlestick'>;
  private volume?: ISeriesApi<'Histogram'>;
  private mas: ISeriesApi<'Line'>[] = [];
  private colors: ChartColors;

  constructor(
    lib: Lib,
    element: HTMLElement,
    private readonly options: ChartViewOptions,
  ) {
    const { period, precision } = options;
    // English dates year first (2026-12-06, 12-06), never the US order (12/06/2026): en-CA.
    const dateTag = options.localeTag === 'en-US' ? 'en-CA' : options.localeTag;
    this.colors = options.colors;
    this.line = options.line ?? period === 'timeShare';
    const daily = isDaily(period);
    const timeZone = daily ? 'UTC' : undefined;
    const full = new Intl.DateTimeFormat(dateTag, {
      timeZone,
      ...(daily
        ? { year: 'numeric', month: '2-digit', day: '2-digit' }
        : {
            month: '2-digit',
            day: '2-digit',
            hour: '2-digit',
            minute: '2-digit',
            hourCycle: 'h23',
          }),
    });
    const day = new Intl.DateTimeFormat(dateTag, { timeZone, month: '2-digit', day: '2-digit' });
    const month = new Intl.DateTimeFormat(dateTag, {
      timeZone,
      year: 'numeric',
      month: '2-digit',
    });
    const clock = new Intl.DateTimeFormat(dateTag, {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const date = (time: Time) => new Date((time as number) * 1000);

    this.chart = lib.createChart(element, {
      autoSize: true,
      layout: { attributionLogo: false, fontSize: 11 },
      rightPriceScale: { borderVisible: false, scaleMargins: { top: 0.1, bottom: 0.25 } },
      timeScale: {
        borderVisible: false,
        rightOffset: 4,
        barSpacing: 7,
        minBarSpacing: this.line ? 0.1 : 0.5,
        timeVisible: !daily,
        tickMarkFormatter: (time: Time, type: Charts.TickMarkType) =>
          type === lib.TickMarkType.Year || type === lib.TickMarkType.Month
            ? month.format(date(time))
            : type === lib.TickMarkType.DayOfMonth || daily
              ? day.format(date(time))
              : clock.format(date(time)),
      },
      localization: { locale: dateTag, timeFormatter: (time: Time) => full.format(date(time)) },
      crosshair: { mode: lib.CrosshairMode.Normal },
      handleScale: { axisPressedMouseMove: { time: true, price: false } },
    });

    // Axis and crosshair labels in the language's style (drawing only: rounded by Intl).
    const label = new Intl.NumberFormat(options.localeTag, {
      minimumFractionDigits: precision,
      maximumFractionDigits: precision,
    });
    const priceFormat = {
      type: 'custom' as const,
      minMove: Number(`1e-${precision}`),
      formatter: (price: number) => label.format(price),
    };
    if (this.line) {
      this.area = this.chart.addSeries(lib.AreaSeries, { priceFormat, lineWidth: 2 });
    } else {
      this.candles = this.chart.addSeries(lib.CandlestickSeries, { priceFormat });
      this.volume = this.chart.addSeries(lib.HistogramSeries, {
        priceScaleId: 'volume',
        priceFormat: { type: 'volume' },
        lastValueVisible: false,
        priceLineVisible: false,
      });
      this.chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
      this.mas = MA_LENGTHS.map(() =>
        this.chart.addSeries(lib.LineSeries, {
          priceFormat,
          lineWidth: 1,
          lastValueVisible: false,
          priceLineVisible: false,
          crosshairMarkerVisible: false,
        }),
      );
    }
    this.setColors(this.colors);

    this.chart.timeScale().subscribeVisibleLogicalRangeChange((range) => {
      if (range && range.from < OLDER_THRESHOLD && this.bars.length > 0) options.onNeedOlder();
    });
    this.chart.subscribeCrosshairMove((param) => {
      const index = param.logical;
      options.onCrosshair(
        index === undefined || param.point === undefined
          ? null
          : Math.max(0, Math.min(this.bars.length - 1, Math.round(index))),
      );
    });
  }

  setColors(colors: ChartColors): void {
    this.colors = colors;
    this.chart.applyOptions({
      layout: { background: { color: colors.background }, textColor: colors.text },
      grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
    });
    this.area?.applyOptions({
      lineColor: colors.line,
      topColor: colors.lineFill,
      bottomColor: 'rgba(0,0,0,0)',
    });
    this.candles?.applyOptions({
      upColor: colors.rise,
      downColor: colors.fall,
      borderUpColor: colors.rise,
      borderDownColor: colors.fall,
      wickUpColor: colors.rise,
      wickDownColor: colors.fall,
    });
    this.mas.forEach((series, i) => series.applyOptions({ color: colors.ma[i] }));
    // Volume bars carry their colour per point.
    if (this.volume && this.bars.length > 0) this.volume.setData(this.volumeData(this.bars));
  }

  /** Replaces or extends the bars (older pages come in front), keeping the view where it was. */
  setBars(incoming: readonly KlineBar[]): void {
    const before = this.bars.length;
    const oldest = this.bars[0]?.time;
    const merged = mergeBars(this.bars, incoming);
    const prepended = oldest === undefined ? 0 : merged.findIndex((bar) => bar.time === oldest);
    const range = this.chart.timeScale().getVisibleLogicalRange();
    this.bars.splice(0, this.bars.length, ...merged);
    this.draw();
    // A line shows its whole span at once (the time-share's day, an option's window).
    if (this.line && before === 0) this.chart.timeScale().fitContent();
    if (before > 0 && prepended > 0 && range) {
      this.chart.timeScale().setVisibleLogicalRange({
        from: range.from + prepended,
        to: range.to + prepended,
      });
    }
  }

  /** A live bar: updates the open bar or appends; false when it is older than the last one. */
  live(bar: KlineBar): boolean {
    const result = applyLiveBar(this.bars, bar);
    if (!result) return false;
    const time = asTime(seconds(bar.time));
    if (this.area) {
      this.area.update({ time, value: Number(bar.close) });
      return true;
    }
    const { time: _t, ...candle } = toCandle(bar);
    this.candles?.update({ time, ...candle });
    const { time: _v, ...volume } = toVolume(bar, this.volumeColor(true), this.volumeColor(false));
    this.volume?.update({ time, ...volume } as Charts.HistogramData);
    MA_LENGTHS.forEach((length, i) => {
      const point = lastMaPoint(this.bars, length);
      if (point) this.mas[i]?.update({ ...point, time } as Charts.LineData);
    });
    return true;
  }

  destroy(): void {
    this.chart.remove();
  }

  private draw(): void {
    const bars = this.bars;
    if (this.area) {
      this.area.setData(
        bars.map((b) => ({ time: asTime(seconds(b.time)), value: Number(b.close) })),
      );
      return;
    }
    this.candles?.setData(bars.map((b) => ({ ...toCandle(b), time: asTime(seconds(b.time)) })));
    this.volume?.setData(this.volumeData(bars));
    MA_LENGTHS.forEach((length, i) => {
      this.mas[i]?.setData(maLine(bars, length) as Charts.LineData[]);
    });
  }

  private volumeColor(rise: boolean): string {
    const color = rise ? this.colors.rise : this.colors.fall;
    return /^#[0-9a-f]{6}$/i.test(color) ? `${color}80` : color;
  }

  private volumeData(bars: readonly KlineBar[]): Charts.HistogramData[] {
    const rise = this.volumeColor(true);
    const fall = this.volumeColor(false);
    return bars.map((b) => toVolume(b, rise, fall) as Charts.HistogramData);
  }
}
