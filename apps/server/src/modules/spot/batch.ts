import type { Side, TimeInForce } from '@hx/engine';
import { refKey, type AccountRef } from '@hx/ledger';
import type { SpotCancelReason } from '@hx/protocol';
import { RATE_ONE, type Pair } from './pair.ts';

/**
 * The state a spot batch works on and produces: orders, trades, fees and ledger lines, with the
 * unit conversions between the engine's minor units and the ledger's 18 decimals.
 *
 * Units: prices and amounts are the engine's minor units; an order's `locked` (buys) and
 * `filledQuote` are quote units (scale priceScale + amountScale); a sell's `locked` and every base
 * amount are amount units. Fees and ledger lines are at 18 decimals (`LEDGER_SCALE`).
 */

export const LEDGER_SCALE = 18;
/** The demo market maker is user 0 in the engine and the market_maker platform account. */
export const MARKET_MAKER = 0;
/**
 * The demo flow (demo-flow.ts), the simulated takers of the demo market: user -1 in the engine
 * and the demo_flow platform account; stored with no user, like the maker, as market orders.
 * `place` lets its orders take only the market maker's, so it never trades with a user.
 */
export const DEMO_FLOW = -1;
/** A real user's id (not the market maker's null nor the demo flow's). */
export const isUser = (id: number | null): id is number => id !== null && id > 0;

export type Status = 'waiting' | 'completed' | 'cancelled';

export type OrderType = 'limit' | 'market' | 'stop_limit' | 'stop_market';

export interface OrderState {
  id: number;
  /** null: the market maker; DEMO_FLOW: the demo flow. */
  userId: number | null;
  side: Side;
  type: OrderType;
  /** The limit price (a stop-limit's too); null for market and stop-market orders. */
  price: bigint | null;
  amount: bigint;
  funds: bigint | null;
  filled: bigint;
  filledQuote: bigint;
  fee: bigint;
  locked: bigint;
  status: Status;
  cancelReason: SpotCancelReason | null;
  timeInForce: TimeInForce;
  postOnly: boolean;
  /** The last trade price that triggers a stop order (engine price units). */
  stopPrice: bigint | null;
  /** Stop orders: pending (not in the book) or triggered; null for the others. */
  trigger: 'pending' | 'triggered' | null;
  /** The other order of an OCO pair. */
  ocoId: number | null;
  /** A stop firing the other way (Binance's take-profit: a sell on a rise, a buy on a fall). */
  takeProfit?: boolean;
  /** The client's own id for it (the Binance API's clientOrderId); null or absent: none. */
  clientOrderId?: string | null;
  /** An OCO's limit order: the client's id for the pair (Binance's listClientOrderId). */
  listClientOrderId?: string | null;
  createdAt: number;
  updatedAt: number;
}

/** Market orders, and stop-market orders once triggered, spend what the book has and end. */
export const isMarket = (o: OrderState) => o.type === 'market' || o.type === 'stop_market';

export interface TradeRecord {
  symbol: string;
  price: bigint;
  amount: bigint;
  quote: bigint;
  takerSide: Side;
  makerOrderId: number;
  takerOrderId: number;
  makerFee: bigint;
  takerFee: bigint;
  time: number;
}

export interface FeeRecord {
  userId: number;
  orderId: number;
  coinId: number;
  /** At LEDGER_SCALE. */
  amount: bigint;
}

export interface LedgerLine {
  account: AccountRef;
  bucket: 'available' | 'frozen';
  /** Signed, at LEDGER_SCALE. */
  amount: bigint;
}

export interface EntryDraft {
  kind: 'spot_order' | 'spot_cancel' | 'spot_trigger';
  orderId: number;
  lines: LedgerLine[];
}

/** Everything a batch of commands changed, ready to be written in one transaction. */
export class Batch {
  readonly orders = new Map<number, OrderState>();
  readonly created = new Set<number>();
  readonly trades: TradeRecord[] = [];
  readonly fees: FeeRecord[] = [];
  readonly entries: EntryDraft[] = [];
  /** Net change per account at LEDGER_SCALE, for the balance update. */
  readonly deltas = new Map<string, { account: AccountRef; available: bigint; frozen: bigint }>();

  touch(order: OrderState): void {
    this.orders.set(order.id, order);
  }

  /** Adds a job's lines (netted per account and bucket) as one entry. */
  addEntry(kind: EntryDraft['kind'], orderId: number, draft: Lines): void {
    const lines = draft.lines();
    if (lines.length === 0) return;
    this.entries.push({ kind, orderId, lines });
    for (const line of lines) {
      const key = refKey(line.account);
      const delta = this.deltas.get(key) ?? { account: line.account, available: 0n, frozen: 0n };
      delta[line.bucket] += line.amount;
      this.deltas.set(key, delta);
    }
  }
}

/** Lines of one entry, netted per account and bucket. */
export class Lines {
  private map = new Map<string, LedgerLine>();
  add(account: AccountRef, bucket: LedgerLine['bucket'], amount: bigint): void {
    if (amount === 0n) return;
    const key = `${refKey(account)}|${bucket}`;
    const line = this.map.get(key);
    if (line) line.amount += amount;
    else this.map.set(key, { account, bucket, amount });
  }
  lines(): LedgerLine[] {
    return [...this.map.values()].filter((l) => l.amount !== 0n);
  }
}

/** The ledger account of a holder in a coin. */
export function accountOf(userId: number | null, coin: number): AccountRef {
  if (userId === null) return { platform: 'market_maker', coin };
  if (userId === DEMO_FLOW) return { platform: 'demo_flow', coin };
  return { user: userId, sub: 'currency', coin };
}

const pow10 = (n: number) => 10n ** BigInt(n);
/** A fee at `rate` of what was received, rounded up. */
export const feeOf = (received: bigint, rate: bigint) =>
  received === 0n || rate === 0n ? 0n : (received * rate + RATE_ONE - 1n) / RATE_ONE;

export function quoteScaleOf(pair: Pair): number {
  return pair.spec.priceScale + pair.spec.amountScale;
}
/** Quote units → ledger scale. */
export const quoteToLedger = (pair: Pair, x: bigint) =>
  x * pow10(LEDGER_SCALE - quoteScaleOf(pair));
/** Amount units → ledger scale. */
export const baseToLedger = (pair: Pair, x: bigint) =>
  x * pow10(LEDGER_SCALE - pair.spec.amountScale);
/** Ledger scale → quote units, rounded down. */
export const ledgerToQuote = (pair: Pair, x: bigint) =>
  x / pow10(LEDGER_SCALE - quoteScaleOf(pair));
