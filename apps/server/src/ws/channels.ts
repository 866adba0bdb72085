import { isPeriod, SYMBOLS } from '@hx/market';

const LISTED = new Set(SYMBOLS.map((s) => s.symbol));

/**
 * What a public channel is: `state` channels carry the latest state (a new subscriber gets the
 * last message at once), `event` channels a stream of events; null for no such channel.
 * tickers · ticker.<SYMBOL> · kline.<SYMBOL>.<period> · depth.<SYMBOL> are state; trades.<SYMBOL>
 * is events. A spot pair's ticker and kline channels carry its own trades; its index (what
 * contracts and options settle on) has indexTicker.<SYMBOL> and indexKline.<SYMBOL>.<period>.
 * The private channels (orders, balances, ...) are handled by the socket itself.
 */
export function channelKind(ch: string): 'state' | 'event' | null {
  if (ch === 'tickers') return 'state';
  const [prefix, symbol, period, ...rest] = ch.split('.');
  if (!symbol || !LISTED.has(symbol) || rest.length > 0) return null;
  if (prefix === 'kline' || prefix === 'indexKline')
    return period !== undefined && isPeriod(period) ? 'state' : null;
  if (period !== undefined) return null;
  if (prefix === 'ticker' || prefix === 'indexTicker' || prefix === 'depth') return 'state';
  if (prefix === 'index') return 'state'; // the index with its sources (GET /api/index)
  if (prefix === 'trades') return 'event';
  return null;
}

export const tickerChannel = (symbol: string) => `ticker.${symbol}`;
export const klineChannel = (symbol: string, period: string) => `kline.${symbol}.${period}`;
export const depthChannel = (symbol: string) => `depth.${symbol}`;
export const tradesChannel = (symbol: string) => `trades.${symbol}`;
export const indexTickerChannel = (symbol: string) => `indexTicker.${symbol}`;
export const indexKlineChannel = (symbol: string, period: string) =>
  `indexKline.${symbol}.${period}`;
/** The index with its sources and staleness, as `GET /api/index` answers. */
export const indexChannel = (symbol: string) => `index.${symbol}`;
