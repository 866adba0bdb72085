import { binanceErrors } from './errors.ts';

/**
 * Binance's request weights (rest-api.md, each endpoint's "Weight") and the per-address meter
 * behind `X-MBX-USED-WEIGHT-1M`: the weight used in the current minute; over the limit a
 * request is refused with 429 and `Retry-After` (the rest of the minute); an address that keeps
 * sending after a 429 is banned with 418, two minutes at first, doubling up to three days, as
 * Binance's bans scale. Counted in this process's memory (each process its own minute).
 */

/** What a weight can depend on: the request's parameters. */
type Params = Record<string, string | undefined>;

const symbolsIn = (params: Params): number | null => {
  if (params.symbol) return 1;
  if (!params.symbols) return null;
  try {
    const list: unknown = JSON.parse(params.symbols);
    return Array.isArray(list) ? list.length : 1;
  } catch {
    return 1;
  }
};

/** The 24 h ticker's weight by the symbols asked (none: all). */
const ticker24 = (params: Params) => {
  const n = symbolsIn(params);
  if (n === null) return 80;
  if (params.symbol || n <= 20) return 2;
  return n <= 100 ? 40 : 80;
};

const depthWeight = (params: Params) => {
  const limit = Number(params.limit ?? 100);
  if (limit <= 100) return 5;
  if (limit <= 500) return 25;
  if (limit <= 1000) return 50;
  return 250;
};

/** Weight by `METHOD /path` under /api/v3. */
export const WEIGHTS: Record<string, number | ((params: Params) => number)> = {
  'GET /ping': 1,
  'GET /time': 1,
  'GET /exchangeInfo': 20,
  'GET /depth': depthWeight,
  'GET /trades': 25,
  'GET /historicalTrades': 25,
  'GET /aggTrades': 4,
  'GET /klines': 2,
  'GET /uiKlines': 2,
  'GET /avgPrice': 2,
  'GET /ticker/24hr': ticker24,
  'GET /ticker/price': (params) => (params.symbol ? 2 : 4),
  'GET /ticker/bookTicker': (params) => (params.symbol ? 2 : 4),
  'POST /order': 1,
  'POST /order/test': (params) => (params.computeCommissionRates === 'true' ? 20 : 1),
  'GET /order': 4,
  'DELETE /order': 1,
  'GET /openOrders': (params) => (params.symbol ? 6 : 80),
  'DELETE /openOrders': 1,
  'GET /allOrders': 20,
  'GET /myTrades': (params) => (params.orderId ? 5 : 20),
  'POST /orderList/oco': 1,
  'GET /orderList': 4,
  'DELETE /orderList': 1,
  'GET /openOrderList': 6,
  'GET /account': 20,
  'POST /userDataStream': 2,
  'PUT /userDataStream': 2,
  'DELETE /userDataStream': 2,
};

/** The weight of a request to `route` (its path under /api/v3); 1 for one not in the table. */
export function weightOf(method: string, route: string, params: Params): number {
  const weight = WEIGHTS[`${method} ${route}`];
  return typeof weight === 'function' ? weight(params) : (weight ?? 1);
}

export const WEIGHT_LIMIT = 6000;
const MINUTE = 60_000;
const FIRST_BAN_MS = 2 * MINUTE;
const LONGEST_BAN_MS = 3 * 24 * 60 * MINUTE;

interface Usage {
  minute: number;
  used: number;
  /** Requests sent after a 429 in this minute. */
  ignored: number;
  bannedUntil: number;
  nextBanMs: number;
}

/** The weight each address used this minute, with its 429s and bans. */
export class WeightMeter {
  private readonly usage = new Map<string, Usage>();

  constructor(
    private readonly now: () => number,
    /** Weight per minute per address; tests lower it. */
    public limit = WEIGHT_LIMIT,
    /** Requests after a 429 in one minute before the address is banned. */
    public patience = 10,
  ) {}

  private of(who: string, minute: number): Usage {
    let usage = this.usage.get(who);
    if (!usage) {
      if (this.usage.size > 50_000) this.prune(minute);
      usage = { minute, used: 0, ignored: 0, bannedUntil: 0, nextBanMs: FIRST_BAN_MS };
      this.usage.set(who, usage);
    }
    if (usage.minute !== minute) Object.assign(usage, { minute, used: 0, ignored: 0 });
    return usage;
  }

  private prune(minute: number) {
    for (const [who, usage] of this.usage)
      if (usage.minute !== minute && usage.bannedUntil < this.now()) this.usage.delete(who);
  }

  /**
   * Adds a request's weight and returns the minute's total; throws -1003 with 429 over the
   * limit (the weight still counts, as Binance's does) and with 418 while banned.
   */
  use(who: string, weight: number): number {
    const now = this.now();
    const minute = Math.floor(now / MINUTE);
    const usage = this.of(who, minute);
    if (usage.bannedUntil > now)
      throw binanceErrors.banned(usage.bannedUntil, Math.ceil((usage.bannedUntil - now) / 1000));
    usage.used += weight;
    if (usage.used <= this.limit) return usage.used;
    if (++usage.ignored > this.patience) {
      usage.bannedUntil = now + usage.nextBanMs;
      usage.nextBanMs = Math.min(usage.nextBanMs * 2, LONGEST_BAN_MS);
      throw binanceErrors.banned(usage.bannedUntil, Math.ceil((usage.bannedUntil - now) / 1000));
    }
    throw binanceErrors.tooMuchWeight(this.limit, Math.ceil(((minute + 1) * MINUTE - now) / 1000));
  }

  /** The weight used this minute (0 in a new minute), for the header of any answer. */
  used(who: string): number {
    const usage = this.usage.get(who);
    return usage && usage.minute === Math.floor(this.now() / MINUTE) ? usage.used : 0;
  }
}
