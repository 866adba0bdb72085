import { errorMessage, type ErrorCode } from '@hx/protocol';
import { AppError } from '../../lib/errors.ts';

/**
 * A failure as Binance answers it: `{code, msg}` with Binance's negative code, message and HTTP
 * status (errors.md of binance-spot-api-docs). Thrown by the Binance routes and the shared
 * pieces (signature, orders, weights); the routes' error handler sends it as is.
 */
export class BinanceError extends Error {
  constructor(
    readonly code: number,
    msg: string,
    readonly status = 400,
    /** Seconds, for 429 and 418 (the Retry-After header). */
    readonly retryAfter?: number,
  ) {
    super(msg);
  }

  get body() {
    return { code: this.code, msg: this.message };
  }
}

const fail = (code: number, msg: string, status = 400) => new BinanceError(code, msg, status);

/** The failures the API answers, by Binance's names. */
export const binanceErrors = {
  unknown: () => fail(-1000, 'An unknown error occurred while processing the request.', 500),
  tooMuchWeight: (limit: number, retryAfter: number) =>
    new BinanceError(
      -1003,
      `Too much request weight used; current limit is ${limit} request weight per 1 MINUTE. Please use WebSocket Streams for live updates to avoid polling the API.`,
      429,
      retryAfter,
    ),
  banned: (until: number, retryAfter: number) =>
    new BinanceError(
      -1003,
      `Way too much request weight used; IP banned until ${until}. Please use WebSocket Streams for live updates to avoid bans.`,
      418,
      retryAfter,
    ),
  tooManyRequests: (retryAfter?: number) =>
    new BinanceError(-1003, 'Too many requests queued.', 429, retryAfter),
  busy: () =>
    fail(
      -1008,
      'Server is currently overloaded with other requests. Please try again in a few minutes.',
      503,
    ),
  filter: (name: string) => fail(-1013, `Filter failure: ${name}`),
  // Binance sends no Retry-After with it.
  tooManyOrders: (limit: number, interval: string) =>
    fail(-1015, `Too many new orders; current limit is ${limit} orders per ${interval}.`, 429),
  unsupported: () => fail(-1020, 'This operation is not supported.'),
  timestampAhead: () =>
    fail(-1021, "Timestamp for this request was 1000ms ahead of the server's time."),
  timestampOutside: () => fail(-1021, 'Timestamp for this request is outside of the recvWindow.'),
  signature: () => fail(-1022, 'Signature for this request is not valid.'),
  illegalChars: (name: string) => fail(-1100, `Illegal characters found in parameter '${name}'.`),
  duplicateParam: () => fail(-1101, 'Duplicate values for a parameter detected.'),
  mandatory: (name: string) =>
    fail(-1102, `Mandatory parameter '${name}' was not sent, was empty/null, or malformed.`),
  eitherOf: (a: string, b: string) =>
    fail(-1102, `Param '${a}' or '${b}' must be sent, but both were empty/null!`),
  greaterThan: (name: string, max: number) =>
    fail(-1102, `'${name}' contains unexpected value. Cannot be greater than ${max}.`),
  paramEmpty: (name: string) => fail(-1105, `Parameter '${name}' was empty.`),
  notRequired: (name: string) => fail(-1106, `Parameter '${name}' sent when not required.`),
  precision: (name: string) => fail(-1111, `Parameter '${name}' has too much precision.`),
  tifNotRequired: () => fail(-1114, 'TimeInForce parameter sent when not required.'),
  invalidTif: () => fail(-1115, 'Invalid timeInForce.'),
  invalidType: () => fail(-1116, 'Invalid orderType.'),
  invalidSide: () => fail(-1117, 'Invalid side.'),
  emptyNewClientId: () => fail(-1118, 'New client order ID was empty.'),
  emptyOrigClientId: () => fail(-1119, 'Original client order ID was empty.'),
  badInterval: () => fail(-1120, 'Invalid interval.'),
  badSymbol: () => fail(-1121, 'Invalid symbol.'),
  invalidListenKey: () => fail(-1125, 'This listenKey does not exist.'),
  badCombo: () => fail(-1128, 'Combination of optional parameters invalid.'),
  invalidParam: (name: string) => fail(-1130, `Data sent for parameter '${name}' is not valid.`),
  ocoType: () => fail(-1158, 'Order type not supported in OCO.'),
  newOrderRejected: (msg: string) => fail(-2010, msg),
  cancelRejected: (msg: string) => fail(-2011, msg),
  noSuchOrder: () => fail(-2013, 'Order does not exist.'),
  keyFormat: () => fail(-2014, 'API-key format invalid.', 401),
  rejectedKey: () => fail(-2015, 'Invalid API-key, IP, or permissions for action.', 401),
};

/** The engine's messages for -2010/-2011 (errors.md, "Messages for -1010, -2010, -2011"). */
export const REJECTIONS = {
  unknownOrder: 'Unknown order sent.',
  duplicateOrder: 'Duplicate order sent.',
  marketClosed: 'Market is closed.',
  balance: 'Account has insufficient balance for requested action.',
  wouldTrigger: 'Order would trigger immediately.',
  wouldTake: 'Order would immediately match and take.',
  ocoPrices: 'The relationship of the prices for the orders is not correct.',
  disabled: 'This account may not place or cancel orders.',
  noLiquidity: 'Order book liquidity is less than symbol minimum quantity.',
  combination: 'Unsupported order combination',
} as const;

/** Our codes a spot order can be refused with, as Binance says them when placing. */
const PLACING: Partial<Record<ErrorCode, () => BinanceError>> = {
  INSUFFICIENT_BALANCE: () => binanceErrors.newOrderRejected(REJECTIONS.balance),
  POST_ONLY_WOULD_TAKE: () => binanceErrors.newOrderRejected(REJECTIONS.wouldTake),
  STOP_WOULD_TRIGGER: () => binanceErrors.newOrderRejected(REJECTIONS.wouldTrigger),
  OCO_PRICE_RELATION: () => binanceErrors.newOrderRejected(REJECTIONS.ocoPrices),
  OCO_PRICES: () => binanceErrors.newOrderRejected(REJECTIONS.ocoPrices),
  CLIENT_ORDER_ID_TAKEN: () => binanceErrors.newOrderRejected(REJECTIONS.duplicateOrder),
  NO_LIQUIDITY: () => binanceErrors.newOrderRejected(REJECTIONS.noLiquidity),
  SYMBOL_UNKNOWN: () => binanceErrors.badSymbol(),
  PRICE_PRECISION: () => binanceErrors.filter('PRICE_FILTER'),
  AMOUNT_PRECISION: () => binanceErrors.filter('LOT_SIZE'),
  AMOUNT_TOO_SMALL: () => binanceErrors.filter('LOT_SIZE'),
  TRADING_BUSY: () => binanceErrors.busy(),
  RATE_LIMITED: () => binanceErrors.tooManyRequests(),
};

/** Our codes when cancelling or finding an order. */
const CANCELLING: Partial<Record<ErrorCode, () => BinanceError>> = {
  ORDER_NOT_FOUND: () => binanceErrors.cancelRejected(REJECTIONS.unknownOrder),
  ORDER_CLOSED: () => binanceErrors.cancelRejected(REJECTIONS.unknownOrder),
  TRADING_BUSY: () => binanceErrors.busy(),
};

/**
 * Our failure as Binance's: an AppError of the spot module (or any other) becomes the code
 * Binance answers for it; `-2010` for an account that may not trade; anything else refused
 * for the client's input stays a 4xx, never a 500.
 */
export function binanceErrorOf(err: unknown, when: 'place' | 'cancel' = 'place'): BinanceError {
  if (err instanceof BinanceError) return err;
  if (err instanceof AppError) {
    const known = (when === 'place' ? PLACING : CANCELLING)[err.code] ?? PLACING[err.code];
    if (known) return known();
    if (err.status === 403 || err.code.startsWith('ACCOUNT_'))
      return when === 'place'
        ? binanceErrors.newOrderRejected(REJECTIONS.disabled)
        : binanceErrors.cancelRejected(REJECTIONS.disabled);
    if (err.status === 401) return binanceErrors.rejectedKey();
    if (err.status < 500) return fail(-1000, errorMessage(err.code, 'en', err.params), err.status);
  }
  return binanceErrors.unknown();
}
