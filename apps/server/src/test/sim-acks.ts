// The simulation's bookkeeping: what the app acknowledged, and the refusals it may meet.

/** What the app acknowledged (a 200): each must still be there, as acknowledged, afterwards. */
export interface Acks {
  deposits: Map<number, 'review' | 'passed' | 'rejected'>;
  withdrawals: Map<number, 'review' | 'passed' | 'rejected'>;
  /** Acknowledged transfers per user. */
  transfers: Map<number, number>;
  /** Journal entry ids of acknowledged conversions. */
  conversions: Set<number>;
  /** Spot order id → owner, and whether a cancel of it was acknowledged. */
  orders: Map<number, { userId: number; cancelled: boolean }>;
  /** Option order id → owner. */
  options: Map<number, number>;
  /** Finance order id → owner, and whether an early redemption of it was acknowledged. */
  finance: Map<number, { userId: number; redeemed: boolean }>;
  /** Contract position id → owner, and whether a close (or cancel) of it was acknowledged. */
  contracts: Map<number, { userId: number; closed: boolean }>;
  /** Expected refusals met, by code (how much of the run was refused). */
  refusals: Map<string, number>;
}

export const emptyAcks = (): Acks => ({
  deposits: new Map(),
  withdrawals: new Map(),
  transfers: new Map(),
  conversions: new Set(),
  orders: new Map(),
  options: new Map(),
  finance: new Map(),
  contracts: new Map(),
  refusals: new Map(),
});

/**
 * Refusals a user can meet while doing something allowed (not enough money, a daily limit, an
 * order already done): the simulation expects them. Anything else, or any 5xx, is a failure.
 */
const EXPECTED_REFUSALS = new Set([
  'INSUFFICIENT_BALANCE',
  'WITHDRAW_DAILY_LIMIT',
  'WITHDRAW_DAILY_AMOUNT',
  'ORDER_CLOSED',
  'CONVERSION_TOO_SMALL',
  'AMOUNT_TOO_SMALL',
  'NO_LIQUIDITY',
  // Two decisions of one request in the same burst (two operators): one wins, one is told.
  'ALREADY_DECIDED',
  'FINANCE_BELOW_MIN',
  'FINANCE_ORDER_CLOSED',
  // A contract closed by its stop or liquidation before the user's own close or cancel arrived.
  'LEVER_NOT_HOLDING',
  'LEVER_NOT_WAITING',
  'LEVER_LIMIT_SIDE',
]);

export class UnexpectedAnswer extends Error {}

type Answer = { status: number; body: { code?: string; message?: unknown } };
export function acknowledged(what: string, answer: Answer, acks: Acks): boolean {
  if (answer.status === 200) return true;
  const code = answer.body.code;
  if (answer.status < 500 && code && EXPECTED_REFUSALS.has(code)) {
    acks.refusals.set(`${what}: ${code}`, (acks.refusals.get(`${what}: ${code}`) ?? 0) + 1);
    return false;
  }
  throw new UnexpectedAnswer(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
}
