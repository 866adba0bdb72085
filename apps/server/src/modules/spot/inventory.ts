import type { Db } from '@hx/db';
import { post, type Line, type PlatformAccount } from '@hx/ledger';
import { SYMBOLS } from '@hx/market';
import { Decimal } from '@hx/money';
import type { Pair } from './pair.ts';

export interface Inventory {
  /** The platform account funded from the treasury. */
  account: PlatformAccount;
  /** Quote coin given once per quote coin (e.g. USDT). */
  quote: string;
  /** Base coin worth this much quote at each pair's catalogue price. */
  baseValue: string;
  kind: string;
  /** Keeps the funding to one entry however often the server starts. */
  idempotencyKey: string;
  memo: string;
}

/** Funds a demo platform account (market maker, demo flow) from the treasury, once. */
export async function fundInventory(
  db: Db,
  pairs: Iterable<Pair>,
  inventory: Inventory,
): Promise<void> {
  const lines: Line[] = [];
  const give = (coin: number, amount: string) =>
    lines.push(
      { account: { platform: 'treasury', coin }, amount: `-${amount}` },
      { account: { platform: inventory.account, coin }, amount },
    );
  const quoteCoins = new Set<number>();
  for (const pair of pairs) {
    const spec = SYMBOLS.find((s) => s.symbol === pair.symbol);
    if (!spec) continue;
    quoteCoins.add(pair.quoteCoin);
    const amount = new Decimal(inventory.baseValue)
      .div(spec.startPrice)
      .toDecimalPlaces(pair.spec.amountScale, Decimal.ROUND_DOWN);
    give(pair.baseCoin, amount.toFixed());
  }
  for (const coin of quoteCoins) give(coin, inventory.quote);
  if (lines.length === 0) return;
  await post(db, {
    kind: inventory.kind,
    idempotencyKey: inventory.idempotencyKey,
    memo: inventory.memo,
    lines,
  });
}
