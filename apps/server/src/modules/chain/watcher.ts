import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { formatUnits, getAddress } from 'viem';
import { coins, deposits, type Db } from '@hx/db';
import { Decimal } from '@hx/money';
import type { ServerDeps } from '../../lib/deps.ts';
import { AddressBook } from './addresses.ts';
import type { ChainAdapter, ScannedBlock } from './adapter.ts';
import type { ChainNetworkConfig } from './config.ts';
import { creditConfirmed } from './credit.ts';
import type { NetworkWatcher, RoundResult } from './types.ts';
import {
  countConfirmations,
  forgetBlocksAbove,
  keepBlock,
  KEPT_BLOCKS,
  moveCursor,
  readCursor,
  startCursor,
  storedHash,
} from './store.ts';

/** Blocks one round processes at most, so a long catch-up still lets the round end. */
const BLOCKS_PER_ROUND = 100;

type Coins = Map<string, { id: number; depositMin: string }>;

/**
 * Follows one network's blocks (docs/architecture.md, "Chain deposits"). Each processed block
 * commits with the cursor: its hash, and a `confirming` deposit row per transfer to a user's
 * derived address (unique by network, transaction and log). A block whose parent is not the
 * stored hash means a reorg: the blocks back to the common ancestor are forgotten and their
 * confirming deposits dropped; a transaction mined again later is seen again. A deposit whose
 * block has the network's confirmations is credited once (credit.ts).
 */
export class ChainWatcher implements NetworkWatcher {
  private readonly book: AddressBook;

  constructor(
    private readonly app: Pick<
      ServerDeps,
      'clock' | 'coinNetworks' | 'db' | 'hub' | 'ledger' | 'log'
    >,
    readonly config: ChainNetworkConfig,
    readonly adapter: ChainAdapter,
  ) {
    this.book = new AddressBook(config.network, config.assets);
  }

  get network() {
    return this.config.network;
  }

  async runOnce(): Promise<RoundResult> {
    const { db } = this.app;
    const network = this.network;
    await this.book.refresh(db, await this.app.coinNetworks.current());
    const coinRows = await db
      .select({ id: coins.id, name: coins.name, depositMin: coins.depositMin })
      .from(coins);
    const coinIds: Coins = new Map(coinRows.map((c) => [c.name, c]));
    const head = await this.adapter.head();
    let cursor = await readCursor(db, network);
    if (!cursor) {
      const start = this.config.startBlock === null ? head : this.config.startBlock - 1;
      const ref = start >= 0 ? await this.adapter.block(start) : null;
      await startCursor(db, network, start, ref?.hash ?? null, this.app.clock.now());
      cursor = (await readCursor(db, network))!;
    }
    const result: RoundResult = { height: cursor.height, head, seen: 0, dropped: 0, credited: 0 };
    const assets = this.book.watchedAssets();
    for (let i = 0; i < BLOCKS_PER_ROUND && result.height < head; i++) {
      const block = await this.adapter.scan(result.height + 1, assets, this.book.has);
      if (!block) break;
      const parent = await storedHash(db, network, result.height);
      if (parent !== undefined && parent !== block.parentHash) {
        const back = await this.rewind(result.height);
        result.dropped += back.dropped;
        result.height = back.height;
        continue;
      }
      const seen = await this.commit(block, result.height, head, coinIds);
      if (seen === null) {
        // Another process moved the cursor: start again from where it is.
        result.height = (await readCursor(db, network))!.height;
        continue;
      }
      result.seen += seen;
      result.height = block.number;
    }
    if (result.height === cursor.height)
      await moveCursor(db, network, cursor.height, cursor.height, head, this.app.clock.now());
    await countConfirmations(db, network, result.height);
    result.credited = await creditConfirmed(this.app, network, result.height);
    return result;
  }

  /** One block, with its deposits and the cursor, in one transaction; null if raced. */
  private async commit(block: ScannedBlock, from: number, head: number, coinIds: Coins) {
    const network = this.network;
    const at = this.app.clock.now();
    try {
      return await this.app.db.transaction(async (tx) => {
        let seen = 0;
        for (const t of block.transfers) {
          const userId = this.book.owner(t.asset.coin, t.to);
          const coin = coinIds.get(t.asset.coin);
          if (userId === undefined || !coin || t.amount <= 0n) continue;
          const amount = formatUnits(t.amount, t.asset.decimals);
          // As the deposit page says: smaller deposits are not credited.
          if (new Decimal(amount).lessThan(coin.depositMin)) continue;
          seen += await recordDeposit(tx, {
            userId,
            coinId: coin.id,
            network,
            // As the deposit page shows it (EIP-55 casing; a TRON `T…` as it is).
            address: t.to.startsWith('0x') ? getAddress(t.to) : t.to,
            amount,
            txHash: t.txHash,
            logIndex: t.logIndex,
            fromAddress: t.from,
            blockNumber: block.number,
            blockHash: block.hash,
            confirmationsRequired: this.config.confirmations,
            createdAt: at,
          });
        }
        await keepBlock(tx, network, block.number, block.hash);
        if (!(await moveCursor(tx, network, from, block.number, head, at))) throw new Raced();
        return seen;
      });
    } catch (error) {
      if (error instanceof Raced) return null;
      throw error;
    }
  }

  /**
   * The block at `height` (or below) was replaced: finds the newest stored block the node still
   * has, drops the confirming deposits above it and moves the cursor back to it.
   */
  private async rewind(height: number): Promise<{ height: number; dropped: number }> {
    const { db, log } = this.app;
    const network = this.network;
    let ancestor = height;
    for (; ancestor > height - KEPT_BLOCKS; ancestor--) {
      const stored = await storedHash(db, network, ancestor);
      if (stored === undefined) {
        log.error({ network, height }, 'reorg deeper than the blocks kept; resuming from there');
        break;
      }
      const now = await this.adapter.block(ancestor);
      if (now?.hash === stored) break;
    }
    const at = this.app.clock.now();
    const dropped = await db.transaction(async (tx) => {
      const rows = await tx
        .update(deposits)
        .set({ status: 'dropped', confirmations: 0, reason: 'reorg' })
        .where(
          and(
            eq(deposits.network, network),
            eq(deposits.status, 'confirming'),
            gt(deposits.blockNumber, ancestor),
          ),
        )
        .returning({ id: deposits.id });
      const credited = await tx
        .select({ id: deposits.id })
        .from(deposits)
        .where(
          and(
            eq(deposits.network, network),
            inArray(deposits.status, ['passed']),
            gt(deposits.blockNumber, ancestor),
          ),
        );
      if (credited.length)
        log.error(
          { network, deposits: credited.map((d) => d.id) },
          'a reorg replaced the block of credited deposits: check them on chain',
        );
      await forgetBlocksAbove(tx, network, ancestor);
      if (!(await moveCursor(tx, network, height, ancestor, height, at))) throw new Raced();
      return rows.length;
    });
    log.warn({ network, from: height, to: ancestor, dropped }, 'chain reorg');
    return { height: ancestor, dropped };
  }
}

class Raced extends Error {}

/**
 * A transfer to a user's address: a new `confirming` deposit, or a dropped one seen again in a
 * new block (confirming again). Already recorded otherwise: 0.
 */
async function recordDeposit(tx: Db, row: typeof deposits.$inferInsert): Promise<number> {
  const written = await tx
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
      setWhere: sql`${deposits.status} = 'dropped'`,
    })
    .returning({ id: deposits.id });
  return written.length;
}
