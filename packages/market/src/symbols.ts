import type { SymbolKind, SymbolSpec } from './types.ts';

type Row = [
  symbol: string,
  name: string,
  base: string,
  quote: string,
  pricePrecision: number,
  tickSize: string,
  amountPrecision: number,
  startPrice: string,
  annualVolatility: number,
  minuteVolume: number,
];

// currency_id in the server's coin table (spec: BTC 1, ETH 2, USDT 3, then the rest in order).
const COIN_IDS: Record<string, number> = {
  BTC: 1,
  ETH: 2,
  USDT: 3,
  BNB: 4,
  SOL: 5,
  XRP: 6,
  DOGE: 7,
  ADA: 8,
  TRX: 9,
  LTC: 10,
  DOT: 11,
  LINK: 12,
};

// Tick and lot decimals follow the venues' conventions; prices are mid-2024 levels.
const SPOT: Row[] = [
  ['BTCUSDT', 'BTC/USDT', 'BTC', 'USDT', 2, '0.01', 5, '64213.52', 0.55, 12],
  ['ETHUSDT', 'ETH/USDT', 'ETH', 'USDT', 2, '0.01', 4, '3120.45', 0.65, 150],
  ['BNBUSDT', 'BNB/USDT', 'BNB', 'USDT', 2, '0.01', 3, '585.30', 0.55, 300],
  ['SOLUSDT', 'SOL/USDT', 'SOL', 'USDT', 2, '0.01', 3, '145.62', 0.85, 2_000],
  ['XRPUSDT', 'XRP/USDT', 'XRP', 'USDT', 4, '0.0001', 0, '0.5231', 0.75, 300_000],
  ['DOGEUSDT', 'DOGE/USDT', 'DOGE', 'USDT', 5, '0.00001', 0, '0.12345', 0.9, 2_000_000],
  ['ADAUSDT', 'ADA/USDT', 'ADA', 'USDT', 4, '0.0001', 1, '0.4512', 0.8, 200_000],
  ['TRXUSDT', 'TRX/USDT', 'TRX', 'USDT', 5, '0.00001', 1, '0.12034', 0.55, 400_000],
  ['LTCUSDT', 'LTC/USDT', 'LTC', 'USDT', 2, '0.01', 3, '72.35', 0.7, 800],
  ['DOTUSDT', 'DOT/USDT', 'DOT', 'USDT', 3, '0.001', 2, '6.234', 0.8, 10_000],
  ['LINKUSDT', 'LINK/USDT', 'LINK', 'USDT', 2, '0.01', 2, '14.25', 0.8, 5_000],
];

const FOREX: Row[] = [
  ['EURUSD', 'EUR/USD', 'EUR', 'USD', 5, '0.00001', 2, '1.08545', 0.07, 120],
  ['GBPUSD', 'GBP/USD', 'GBP', 'USD', 5, '0.00001', 2, '1.27132', 0.08, 80],
  ['USDJPY', 'USD/JPY', 'USD', 'JPY', 3, '0.001', 2, '151.234', 0.09, 100],
  ['AUDUSD', 'AUD/USD', 'AUD', 'USD', 5, '0.00001', 2, '0.65821', 0.1, 50],
  ['USDCNH', 'USD/CNH', 'USD', 'CNH', 5, '0.00001', 2, '7.24513', 0.04, 30],
];

// Futures ticks are the exchange minimums (gold 0.10, silver 0.005), so some ticks span units.
const FUTURES: Row[] = [
  ['XAUUSD', 'Gold', 'XAU', 'USD', 2, '0.1', 2, '2345.60', 0.15, 40],
  ['XAGUSD', 'Silver', 'XAG', 'USD', 3, '0.005', 2, '28.455', 0.28, 30],
  ['USOIL', 'Crude Oil (WTI)', 'USOIL', 'USD', 2, '0.01', 2, '78.42', 0.35, 60],
  ['NGAS', 'Natural Gas', 'NGAS', 'USD', 3, '0.001', 2, '2.345', 0.6, 40],
];

function toSpec(kind: SymbolKind, row: Row): SymbolSpec {
  const [symbol, name, base, quote, pricePrecision, tickSize, amountPrecision, startPrice] = row;
  return {
    symbol,
    kind,
    name,
    base,
    quote,
    baseCoinId: kind === 'spot' ? (COIN_IDS[base] ?? null) : null,
    quoteCoinId: kind === 'spot' ? (COIN_IDS[quote] ?? null) : null,
    pricePrecision,
    tickSize,
    amountPrecision,
    startPrice,
    annualVolatility: row[8],
    minuteVolume: row[9],
  };
}

/** Every symbol the exchange quotes: spot pairs against USDT, forex pairs and futures. */
export const SYMBOLS: readonly SymbolSpec[] = Object.freeze([
  ...SPOT.map((r) => Object.freeze(toSpec('spot', r))),
  ...FOREX.map((r) => Object.freeze(toSpec('forex', r))),
  ...FUTURES.map((r) => Object.freeze(toSpec('futures', r))),
]);

const BY_SYMBOL = new Map(SYMBOLS.map((s) => [s.symbol, s]));

export function findSymbol(symbol: string): SymbolSpec | undefined {
  return BY_SYMBOL.get(symbol.toUpperCase());
}

export function getSymbol(symbol: string): SymbolSpec {
  const spec = findSymbol(symbol);
  if (!spec) throw new Error(`unknown symbol ${symbol}`);
  return spec;
}
