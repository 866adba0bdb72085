import { formatUnits } from '@hx/engine';
import type { Pair } from '../spot/pair.ts';
import type { SpotService } from '../spot/service.ts';
import { binanceErrors } from './errors.ts';

/**
 * Our spot pairs as Binance's symbols (exchangeInfo), from the pairs' real settings: the tick is
 * PRICE_FILTER's tickSize, the step LOT_SIZE's and MARKET_LOT_SIZE's stepSize and minQty. We
 * have no maximum price or quantity (Binance's "0" / a large cap) and no minimum notional.
 */

/** Order types a pair takes (ccxt refuses a type a symbol does not list). */
export const ORDER_TYPES = [
  'LIMIT',
  'LIMIT_MAKER',
  'MARKET',
  'STOP_LOSS',
  'STOP_LOSS_LIMIT',
  'TAKE_PROFIT',
  'TAKE_PROFIT_LIMIT',
] as const;

const MAX_QTY = '9000000000';

/** An enabled pair by its Binance symbol (ours are the same, e.g. BTCUSDT); else -1121. */
export function pairOf(spot: SpotService, symbol: string | undefined): Pair {
  if (!symbol) throw binanceErrors.mandatory('symbol');
  const pair = spot.pairs.get(symbol.toUpperCase());
  if (!pair || !pair.enabled) throw binanceErrors.badSymbol();
  return pair;
}

/** The enabled pairs, in the console's order. */
export const tradingPairs = (spot: SpotService): Pair[] =>
  [...spot.pairs.values()].filter((p) => p.enabled);

/**
 * The pairs a request names: `symbol`, `symbols` (a JSON array, -1121 for any unknown), or all.
 */
export function pairsAsked(spot: SpotService, params: Record<string, string | undefined>): Pair[] {
  if (params.symbol !== undefined && params.symbols !== undefined) throw binanceErrors.badCombo();
  if (params.symbol !== undefined) return [pairOf(spot, params.symbol)];
  if (params.symbols === undefined) return tradingPairs(spot);
  let list: unknown;
  try {
    list = JSON.parse(params.symbols);
  } catch {
    throw binanceErrors.invalidParam('symbols');
  }
  if (!Array.isArray(list) || list.length === 0 || list.some((s) => typeof s !== 'string'))
    throw binanceErrors.invalidParam('symbols');
  return (list as string[]).map((s) => pairOf(spot, s));
}

/** The symbol's entry of exchangeInfo, fields in Binance's order. */
export function symbolInfo(pair: Pair) {
  const { priceScale, amountScale, tick, step } = pair.spec;
  const tickSize = formatUnits(tick, priceScale);
  const stepSize = formatUnits(step, amountScale);
  const lot = { minQty: stepSize, maxQty: MAX_QTY, stepSize };
  return {
    symbol: pair.symbol,
    status: 'TRADING',
    baseAsset: pair.base,
    baseAssetPrecision: amountScale,
    quoteAsset: pair.quote,
    quotePrecision: priceScale,
    quoteAssetPrecision: priceScale,
    baseCommissionPrecision: amountScale,
    quoteCommissionPrecision: priceScale,
    orderTypes: [...ORDER_TYPES],
    icebergAllowed: false,
    ocoAllowed: true,
    otoAllowed: false,
    opoAllowed: false,
    quoteOrderQtyMarketAllowed: true,
    allowTrailingStop: false,
    cancelReplaceAllowed: false,
    amendAllowed: false,
    pegInstructionsAllowed: false,
    isSpotTradingAllowed: true,
    isMarginTradingAllowed: false,
    filters: [
      { filterType: 'PRICE_FILTER', minPrice: tickSize, maxPrice: '0', tickSize },
      { filterType: 'LOT_SIZE', ...lot },
      { filterType: 'MARKET_LOT_SIZE', ...lot },
      {
        filterType: 'NOTIONAL',
        minNotional: '0',
        applyMinToMarket: false,
        maxNotional: MAX_QTY,
        applyMaxToMarket: false,
        avgPriceMins: 5,
      },
    ],
    permissions: [],
    permissionSets: [['SPOT']],
    defaultSelfTradePreventionMode: 'NONE',
    allowedSelfTradePreventionModes: ['NONE'],
  };
}

/** Binance's rate limits as exchangeInfo lists them (weights.ts, order-counts.ts count them). */
export const rateLimits = (weightLimit: number, orders: object[] = []) => [
  { rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: weightLimit },
  ...orders,
];
