import type { FastifyBaseLogger } from 'fastify';
import { and, count, inArray, isNull } from 'drizzle-orm';
import type { ErrorCode, NotificationKind, NotificationPush } from '@hx/protocol';
import { nextIds, notifications, type Db } from '@hx/db';
import { Hub } from '../../ws/hub.ts';

/**
 * Telling users what happened: `notify` stores a notification in the outcome's own transaction
 * (it exists exactly when the outcome does), and `AfterCommit.send` tells their sockets once that
 * transaction committed: `{id, kind, unread}` on `notifications`. A transaction that rolls back
 * never reaches `send`. (`balances`, for every user whose money moved, is the ledger's `onPosted`
 * hook, registered by the notifications plugin.)
 */

type Side = 'buy' | 'sell';
type LeverSide = 'long' | 'short';
type LeverFacts = {
  position_id: number;
  symbol: string;
  name: string;
  side: LeverSide;
  /** The recorded price the position closed at (the tick that reached the trigger). */
  price: string;
  coin: string;
};
type OptionFacts = {
  option_order_id: number;
  symbol: string;
  name: string;
  type: 'call' | 'put' | 'even';
  amount: string;
  coin: string;
  open_price: string;
  close_price: string;
  payout: string;
};

/** A payout on chain: what was sent, where, and its transaction (null before one exists). */
type PayoutFacts = {
  withdrawal_id: number;
  amount: string;
  coin: string;
  network: string;
  tx_hash: string | null;
};

/** The facts each kind's texts are written from (amounts and prices as the user reads them). */
export interface NotificationFacts {
  spot_filled: {
    order_id: number;
    symbol: string;
    name: string;
    side: Side;
    amount: string;
    base: string;
    price: string;
    quote: string;
  };
  lever_entry_filled: {
    position_id: number;
    symbol: string;
    name: string;
    side: LeverSide;
    price: string;
    lots: number;
    multiple: number;
  };
  lever_stop_loss: LeverFacts & { stop: string; profit: string };
  lever_take_profit: LeverFacts & { stop: string; profit: string };
  lever_liquidated: LeverFacts & { margin: string };
  /** `stop`: where the trailing stop stood (the peak less the distance) when the tick reached it. */
  lever_trailing_stop: LeverFacts & { stop: string; profit: string };
  /** `price`: the recorded price that came near `liquidation` (the position is still open). */
  lever_liquidation_warning: Omit<LeverFacts, 'coin'> & { liquidation: string };
  option_win: OptionFacts;
  option_lose: OptionFacts;
  option_refund: OptionFacts;
  /** `minutes`: how long the index was stale past the option's end before the refund. */
  option_refund_stale: Omit<OptionFacts, 'close_price'> & { minutes: number };
  deposit_credited: {
    deposit_id: number;
    currency_id: number;
    amount: string;
    coin: string;
    network: string;
  };
  deposit_rejected: { deposit_id: number; amount: string; coin: string; reason: string };
  withdrawal_passed: {
    withdrawal_id: number;
    amount: string;
    coin: string;
    network: string;
    address: string;
    /** Whether a transaction follows (the signer pays the network) or none is sent from here. */
    sending: 'withdrawal_chain' | 'withdrawal_by_hand';
  };
  withdrawal_rejected: { withdrawal_id: number; amount: string; coin: string; reason: string };
  withdrawal_sent: PayoutFacts;
  withdrawal_confirmed: PayoutFacts;
  withdrawal_failed: PayoutFacts;
  kyc_verified: { level: 'basic' | 'advanced' };
  kyc_rejected: { level: 'basic' | 'advanced'; reason: string };
  security_password_changed: Record<string, never>;
  security_fund_password_changed: Record<string, never>;
  security_login: { ip: string; device: string | null };
  security_new_device: { ip: string; device: string | null };
  security_passkey_added: { name: string };
  /** How many keys a password reset or change, or support ending all sessions, deleted. */
  security_api_keys_revoked: { count: number };
  /** How many passkeys a password reset or support deleted. */
  security_passkeys_removed: { count: number };
  price_alert: {
    alert_id: number;
    symbol: string;
    name: string;
    condition: 'above' | 'below' | 'move';
    /** above / below: the level; null for a move. */
    price: string | null;
    /** move: the 24 h change in percent; null otherwise. */
    percent: string | null;
    /** What was reached: the level, or the percent followed by `%`. */
    target: string;
    fired_price: string;
  };
  security_two_factor_on: Record<string, never>;
  security_two_factor_off: Record<string, never>;
  security_anti_phishing_set: Record<string, never>;
  /** `off_at`: when the whitelist turns off, `YYYY-MM-DD HH:mm UTC`. */
  security_whitelist_off_requested: { off_at: string };
  security_api_key_created: { label: string };
  security_api_key_deleted: { label: string };
  /** The device another session of the account logged out. */
  security_device_logged_out: { ip: string; device: string | null };
  security_other_devices_logged_out: { count: number };
  /** `why`: an error code, written in the reader's language. */
  bot_run_skipped: {
    bot_id: number;
    symbol: string;
    name: string;
    amount: string;
    coin: string;
    why: ErrorCode;
  };
}

/** The facts the app gets as `data`, to open the related page. */
export const DATA_KEYS: Record<NotificationKind, string[]> = {
  spot_filled: ['order_id', 'symbol'],
  lever_entry_filled: ['position_id', 'symbol'],
  lever_stop_loss: ['position_id', 'symbol'],
  lever_take_profit: ['position_id', 'symbol'],
  lever_liquidated: ['position_id', 'symbol'],
  lever_trailing_stop: ['position_id', 'symbol'],
  lever_liquidation_warning: ['position_id', 'symbol'],
  option_win: ['option_order_id', 'symbol'],
  option_lose: ['option_order_id', 'symbol'],
  option_refund: ['option_order_id', 'symbol'],
  option_refund_stale: ['option_order_id', 'symbol'],
  deposit_credited: ['deposit_id', 'currency_id'],
  deposit_rejected: ['deposit_id'],
  withdrawal_passed: ['withdrawal_id'],
  withdrawal_rejected: ['withdrawal_id'],
  withdrawal_sent: ['withdrawal_id'],
  withdrawal_confirmed: ['withdrawal_id'],
  withdrawal_failed: ['withdrawal_id'],
  kyc_verified: ['level'],
  kyc_rejected: ['level'],
  security_password_changed: [],
  security_fund_password_changed: [],
  security_login: [],
  security_new_device: [],
  security_passkey_added: [],
  security_api_keys_revoked: [],
  security_passkeys_removed: [],
  price_alert: ['alert_id', 'symbol'],
  security_two_factor_on: [],
  security_two_factor_off: [],
  security_anti_phishing_set: [],
  security_whitelist_off_requested: [],
  security_api_key_created: [],
  security_api_key_deleted: [],
  security_device_logged_out: [],
  security_other_devices_logged_out: [],
  bot_run_skipped: ['bot_id', 'symbol'],
};

export type Facts = Record<string, string | number | null>;

/** A stored notification, as its push names it. */
export interface Told {
  id: number;
  userId: number;
  kind: NotificationKind;
}

export interface Notice<K extends NotificationKind = NotificationKind> {
  userId: number;
  kind: K;
  facts: NotificationFacts[K];
  at: Date;
}

/** Stores one notification in `tx`, the transaction of the outcome it tells. */
export async function notify<K extends NotificationKind>(tx: Db, notice: Notice<K>): Promise<Told> {
  const [row] = await tx
    .insert(notifications)
    .values({
      userId: notice.userId,
      kind: notice.kind,
      params: notice.facts as Facts,
      createdAt: notice.at,
    })
    .returning({ id: notifications.id });
  return { id: row!.id, userId: notice.userId, kind: notice.kind };
}

/** For an outcome without a transaction of its own (a login): stored, then pushed. */
export async function notifyNow<K extends NotificationKind>(
  app: Announcer,
  notice: Notice<K>,
): Promise<void> {
  await announce(app, [await notify(app.db, notice)]);
}

/**
 * `n` ids from the notifications' sequence, for a writer that inserts its rows itself in one
 * statement (the spot batch) and must know them to announce them.
 */
export async function reserveNotificationIds(db: Db, n: number): Promise<number[]> {
  return n === 0 ? [] : nextIds(db, 'notifications', n);
}

export const NOTIFICATIONS_CHANNEL = 'notifications';

export interface Announcer {
  db: Db;
  hub: Hub;
  log: FastifyBaseLogger;
}

/** Who else hears of committed notifications (web push), per app (its hub). Must not block. */
type AnnouncedHook = (told: readonly Told[]) => void;
const announcedHooks = new WeakMap<Hub, Set<AnnouncedHook>>();

/** `hook` hears every batch `announce` is given, synchronously; returns the way to stop. */
export function onAnnounced(hub: Hub, hook: AnnouncedHook): () => void {
  let hooks = announcedHooks.get(hub);
  if (!hooks) announcedHooks.set(hub, (hooks = new Set()));
  hooks.add(hook);
  return () => hooks.delete(hook);
}

/**
 * Pushes `{id, kind, unread}` for committed notifications to their users' sockets. Only users
 * listening cost a query (their unread counts, in one). Never throws: the outcome is done and a
 * lost push only delays the bell until the app next asks.
 */
export async function announce(app: Announcer, told: readonly Told[]): Promise<void> {
  for (const hook of announcedHooks.get(app.hub) ?? []) {
    try {
      hook(told);
    } catch (err) {
      app.log.warn({ err }, 'a notification hook failed');
    }
  }
  try {
    const listening = [
      ...new Set(
        told.map((t) => t.userId).filter((u) => app.hub.has(Hub.key(NOTIFICATIONS_CHANNEL, u))),
      ),
    ];
    if (listening.length === 0) return;
    const counts = await app.db
      .select({ userId: notifications.userId, n: count() })
      .from(notifications)
      .where(and(inArray(notifications.userId, listening), isNull(notifications.readAt)))
      .groupBy(notifications.userId);
    const unread = new Map(counts.map((c) => [c.userId, c.n]));
    for (const t of told) {
      if (!listening.includes(t.userId)) continue;
      const push: NotificationPush = { id: t.id, kind: t.kind, unread: unread.get(t.userId) ?? 0 };
      app.hub.publishToUser(t.userId, NOTIFICATIONS_CHANNEL, push);
    }
  } catch (err) {
    app.log.warn({ err }, 'notifications were stored but not pushed');
  }
}

/**
 * What one transaction tells its users once committed. Collect inside the transaction
 * (`notify`), call `send` after it; one per transaction, so a rolled-back attempt's
 * notices are never sent.
 */
export class AfterCommit {
  private readonly told: Told[] = [];

  async notify<K extends NotificationKind>(tx: Db, notice: Notice<K>): Promise<void> {
    this.told.push(await notify(tx, notice));
  }

  get notices(): readonly Told[] {
    return this.told;
  }

  /** After the commit only. Never throws. */
  async send(app: Announcer): Promise<void> {
    await announce(app, this.told);
  }
}
