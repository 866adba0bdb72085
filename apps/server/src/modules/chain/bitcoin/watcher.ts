import { and, eq, inArray, sql } from 'drizzle-orm';
import { coins, deposits, type Db } from '@hx/db';
import { Decimal } from '@hx/money';
import type { ServerDeps } from '../../../lib/deps.ts';
import type { ChainNetworkConfig } from '../config.ts';
import { creditConfirmed } from '../credit.ts';
import { countConfirmations, moveCursor, readCursor, startCursor } from '../store.ts';
import type { NetworkWatcher, RoundResult } from '../types.ts';
import { BitcoinAddressBook } from './addresses.ts';
import { BitcoinAdapter } from './adapter.ts';
import type { EsploraTx } from './esplora.ts';

/** 1 BTC in satoshis. */
const COIN = 100_000_000n;

/** Satoshis as a BTC amount string. */
export function btcOf(sats: bigint): string {
  const whole = sats / COIN;
  const frac = (sats % COIN).toString().padStart(8, '0');
  return `${whole}.${frac}`;
}

type App = Pick<ServerDeps, 'clock' | 'coinNetworks' | 'db' | 'hub' | 'ledger' | 'log'>;

/**
 * Follows Bitcoin deposits (docs/architecture.md, "Chain deposits"). Every round:
 * 1. A confirming deposit whose block is no longer in the best chain (`/block/:hash/status`,
 *    a reorg) is dropped; seen again in a later block, it is confirming again.
 * 2. Each user's addresses' history (`/address/:a/txs`) is read: a mined output to it is a
 *    `confirming` deposit, unique by network, txid and output index, so two watchers or a
 *    restart record it once.
 * 3. Confirmations are counted from the tip; a deposit with the network's count is credited
 *    once (credit.ts, the same as EVM's). The cursor says the tip the watcher last read.
 */
export class BitcoinWatcher implements NetworkWatcher {
  readonly adapter: BitcoinAdapter;
  private readonly book = new BitcoinAddressBook();

  constructor(
    private readonly app: App,
    readonly config: ChainNetworkConfig,
    adapter?: BitcoinAdapter,
  ) {
    this.adapter = adapter ?? new BitcoinAdapter(config, app.db);
  }

  get network() {
    return this.config.network;
  }

  async runOnce(): Promise<RoundResult> {
    const { db } = this.app;
    const network = this.network;
    const esplora = this.adapter.esplora;
    const tip = await esplora.tipHeight();
    let cursor = await readCursor(db, network);
    if (!cursor) {
      await startCursor(db, network, tip, null, this.app.clock.now());
      cursor = (await readCursor(db, network))!;
    }
    const result: RoundResult = { height: tip, head: tip, seen: 0, dropped: 0, credited: 0 };
    result.dropped = await this.dropReorged();
    await this.book.refresh(db, await this.app.coinNetworks.current());
    const [coin] = await db
      .select({ id: coins.id, depositMin: coins.depositMin })
      .from(coins)
      .where(eq(coins.name, 'BTC'));
    if (coin)
      for (const [address, userId] of this.book.owner) {
        // Deep enough that a deposit mined since the last round is on the pages read.
        const since = Math.min(cursor.height, tip) - this.config.confirmations - 6;
        for (const tx of await this.history(address, since))
          result.seen += await this.record(tx, address, userId, coin);
      }
    await moveCursor(db, network, cursor.height, tip, tip, this.app.clock.now());
    await countConfirmations(db, network, tip);
    result.credited = await creditConfirmed(this.app, network, tip);
    return result;
  }

  /** The address's mined transactions, newest first, back to height `since` at least. */
  private async history(address: string, since: number): Promise<EsploraTx[]> {
    const esplora = this.adapter.esplora;
    const all = (await esplora.addressTxs(address)).filter((t) => t.status.confirmed);
    let page = all;
    while (page.length === 25 && (page.at(-1)!.status.block_height ?? 0) > since) {
      page = await esplora.addressChainTxs(address, page.at(-1)!.txid);
      all.push(...page);
    }
    return all;
  }

  /** The outputs of `tx` to `address` as deposits; answers how many were new (or seen again). */
  private async record(
    tx: EsploraTx,
    address: string,
    userId: number,
    coin: { id: number; depositMin: string },
  ): Promise<number> {
    const { block_height: height, block_hash: hash } = tx.status;
    if (!height || !hash) return 0;
    let seen = 0;
    for (const [index, out] of tx.vout.entries()) {
      if (out.scriptpubkey_address !== address || out.value <= 0) continue;
      const amount = btcOf(BigInt(out.value));
      // As the deposit page says: smaller deposits are not credited.
      if (new Decimal(amount).lessThan(coin.depositMin)) continue;
      seen += await recordDeposit(this.app.db, {
        userId,
        coinId: coin.id,
        network: this.network,
        address,
        amount,
        txHash: tx.txid,
        logIndex: index,
        blockNumber: height,
        blockHash: hash,
        confirmationsRequired: this.config.confirmations,
        createdAt: this.app.clock.now(),
      });
    }
    return seen;
  }

  /** Drops the confirming deposits whose block left the best chain; answers how many. */
  private async dropReorged(): Promise<number> {
    const { db, log } = this.app;
    const rows = await db
      .selectDistinct({ hash: deposits.blockHash })
      .from(deposits)
      .where(and(eq(deposits.network, this.network), eq(deposits.status, 'confirming')));
    const gone: string[] = [];
    for (const { hash } of rows) {
      if (!hash) continue;
      const status = await this.adapter.esplora.blockStatus(hash);
      if (!status?.in_best_chain) gone.push(hash);
    }
    if (!gone.length) return 0;
    const dropped = await db
      .update(deposits)
      .set({ status: 'dropped', confirmations: 0, reason: 'reorg' })
      .where(
        and(
          eq(deposits.network, this.network),
          eq(deposits.status, 'confirming'),
          inArray(deposits.blockHash, gone),
        ),
      )
      .returning({ id: deposits.id });
    log.warn({ network: this.network, blocks: gone, dropped: dropped.length }, 'chain reorg');
    return dropped.length;
  }
}

/**
 * An output to a user's address: a new `confirming` deposit; a dropped one seen again in a
 * block (confirming again); or a confirming one now in another block. Otherwise 0.
 */
async function recordDeposit(db: Db, row: typeof deposits.$inferInsert): Promise<number> {
  const written = await db
    .insert(deposits)
    .values({ ...row, status: 'confirming', confirmations: 1 })
    .onConflictDoUpdate({
      target: [deposits.network, deposits.txHash, deposits.logIndex],
      targetWhere: sql`${deposits.txHash} is not null`,
      set: {
        status: 'confirming',
        reason: null,
        blockNumber: row.blockNumber,
        blockHash: row.blockHash,
        confirmations: 1,
      },
      setWhere: sql`${deposits.status} = 'dropped' or (${deposits.status} = 'confirming' and ${deposits.blockHash} <> ${row.blockHash})`,
    })
    .returning({ id: deposits.id });
  return written.length;
}
