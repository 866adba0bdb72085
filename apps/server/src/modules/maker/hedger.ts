import ccxt, { type Exchange } from 'ccxt';
import type { HedgeVenue } from '../../config.ts';

export interface HedgeFill {
  /** `BTC/USDT`: ccxt's name of the pair. */
  market: string;
  side: 'buy' | 'sell';
  amount: string;
}

export interface Hedged {
  orderId: string;
  /** What the venue filled, when it says (a market order on a thin book may fill less). */
  filled: string | null;
  /** The venue's average price, when it says. */
  price: string | null;
}

/** Quick tries of one hedge when the venue cannot be reached; later rounds try again. */
const TRIES = 3;
const FIRST_PAUSE_MS = 200;

/** ccxt's class of `venue`; an id ccxt does not know stops the start. */
function exchangeOf(config: HedgeVenue): Exchange {
  if (!ccxt.exchanges.includes(config.venue))
    throw new Error(`HEDGE_VENUE: ccxt knows no exchange '${config.venue}'`);
  // ccxt's default export holds every exchange's class by its id (and other things besides).
  const classes = ccxt as unknown as Record<string, new (options: object) => Exchange>;
  const options: Record<string, unknown> = {
    apiKey: config.apiKey,
    secret: config.secret,
    enableRateLimit: true,
    timeout: 10_000,
    // Spot only: the other markets' endpoints are not asked (another installation has none).
    options: { fetchMarkets: { types: ['spot'] }, fetchCurrencies: false, fetchMargins: false },
  };
  if (config.url) options.urls = { api: { public: config.url, private: config.url } };
  return new classes[config.venue]!(options);
}

/**
 * Market orders on the hedging venue through ccxt: the opposite of the maker's fills. The key
 * and secret stay inside ccxt's instance; errors are reported by class and message only.
 */
export class Hedger {
  readonly venue: string;
  private readonly exchange: Exchange;
  private markets: Promise<unknown> | undefined;

  constructor(config: HedgeVenue, now: () => number = Date.now) {
    this.venue = config.venue;
    this.exchange = exchangeOf(config);
    // The venue checks its requests' time stamps against its clock: ours is the app's.
    this.exchange.nonce = now;
  }

  async hedge(fill: HedgeFill): Promise<Hedged> {
    for (let attempt = 1; ; attempt++) {
      try {
        this.markets ??= this.exchange.loadMarkets();
        await this.markets;
        const amount = this.exchange.amountToPrecision(fill.market, Number(fill.amount));
        const order = await this.exchange.createOrder(
          fill.market,
          'market',
          fill.side,
          Number(amount),
        );
        const price = order.average ?? order.price;
        return {
          orderId: String(order.id),
          filled: order.filled === undefined ? null : String(order.filled),
          price: price === undefined ? null : String(price),
        };
      } catch (err) {
        if (!(err instanceof ccxt.NetworkError)) this.markets = undefined;
        if (!(err instanceof ccxt.NetworkError) || attempt >= TRIES) throw new Error(reason(err));
        await new Promise((resolve) => setTimeout(resolve, FIRST_PAUSE_MS * 2 ** (attempt - 1)));
      }
    }
  }
}

/** What is recorded of a failure: ccxt's class and message, cut short (never the request). */
export function reason(err: unknown): string {
  if (!(err instanceof Error)) return 'unknown error';
  return `${err.constructor.name}: ${err.message}`
    .replace(/(signature|apiKey|X-MBX-APIKEY)=?[^&\s"]*/gi, '$1=…')
    .slice(0, 300);
}
