import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import {
  encodeFunctionData,
  erc20Abi,
  HttpRequestError,
  keccak256,
  parseUnits,
  TimeoutError,
  type Hex,
  type PrivateKeyAccount,
  type PublicClient,
} from 'viem';
import { chainTxs, coins, withdrawals, type Db } from '@hx/db';
import type { ChainNetworkConfig } from '../config.ts';

/**
 * The signer's work on one EVM network (docs/operations.md, "The signer"). Every round:
 * 1. Each `sent` payout is followed: mined (its confirmations written back, `confirmed` at the
 *    network's count), reverted (failed), unknown to the node (the same signed bytes broadcast
 *    again), or pending too long (replaced: same nonce, fees raised by at least an eighth).
 * 2. Each `queued` payout (passed by an operator) is built, signed and recorded with its
 *    transaction hash before it is broadcast, so a crash in between sends the same bytes again
 *    and never pays twice. The node refusing it (no funds, a reverting transfer) marks it
 *    failed with the reason; the API server then returns it to the operator (payouts.ts).
 * Nonces: the node's pending count, or past our own transactions still in flight.
 */
export interface PayerOptions {
  /** A transaction pending longer than this is replaced with higher fees. */
  stuckMs: number;
  now: () => Date;
  log: { info(o: object, m: string): void; warn(o: object, m: string): void };
  /** How a signed transaction reaches the node (tests make it fail). */
  broadcast?: (raw: Hex) => Promise<unknown>;
}

type Row = typeof withdrawals.$inferSelect & { coin: string };

/** An error of the connection, not the node's answer: try again later. */
const transient = (error: unknown) =>
  error instanceof HttpRequestError || error instanceof TimeoutError;
const reasonOf = (error: unknown) =>
  ((error as { shortMessage?: string }).shortMessage ?? String(error)).slice(0, 500);
/** The node already has it (or mined it): not a failure of a rebroadcast. */
const alreadyKnown = (error: unknown) =>
  /already known|known transaction|nonce too low|already imported/i.test(reasonOf(error));

export class Payer {
  private readonly broadcast: (raw: Hex) => Promise<unknown>;

  constructor(
    private readonly db: Db,
    private readonly network: ChainNetworkConfig,
    private readonly client: PublicClient,
    private readonly account: PrivateKeyAccount,
    private readonly chainId: number,
    private readonly options: PayerOptions,
  ) {
    this.broadcast =
      options.broadcast ?? ((raw) => client.sendRawTransaction({ serializedTransaction: raw }));
  }

  async runOnce(): Promise<{ sent: number; confirmed: number; failed: number; replaced: number }> {
    const result = { sent: 0, confirmed: 0, failed: 0, replaced: 0 };
    for (const row of await this.payouts('sent')) {
      const outcome = await this.follow(row);
      if (outcome) result[outcome]++;
    }
    for (const row of await this.payouts('queued')) {
      const outcome = await this.pay(row);
      result[outcome]++;
    }
    return result;
  }

  private async payouts(status: 'queued' | 'sent'): Promise<Row[]> {
    const rows = await this.db
      .select({ w: withdrawals, coin: coins.name })
      .from(withdrawals)
      .innerJoin(coins, eq(coins.id, withdrawals.coinId))
      .where(
        and(
          eq(withdrawals.network, this.network.network),
          eq(withdrawals.status, 'passed'),
          eq(withdrawals.chainStatus, status),
        ),
      )
      .orderBy(asc(withdrawals.id));
    return rows.map(({ w, coin }) => ({ ...w, coin }));
  }

  /** The call that pays `row`: a value transfer, or the token's `transfer`. */
  private callOf(row: Row): { to: Hex; value: bigint; data?: Hex } {
    const asset = this.network.assets.find((a) => a.coin === row.coin);
    if (!asset) throw new Error(`${row.coin} is not paid on ${this.network.network}`);
    const amount = parseUnits(row.receive, asset.decimals);
    const to = row.destination as Hex;
    if (asset.contract === null) return { to, value: amount };
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to, amount],
    });
    return { to: asset.contract as Hex, value: 0n, data };
  }

  private async nextNonce(): Promise<number> {
    const pending = await this.client.getTransactionCount({
      address: this.account.address,
      blockTag: 'pending',
    });
    const [ours] = await this.db
      .select({ nonce: chainTxs.nonce })
      .from(chainTxs)
      .innerJoin(withdrawals, eq(withdrawals.id, chainTxs.withdrawalId))
      .where(
        and(
          eq(chainTxs.network, this.network.network),
          eq(chainTxs.fromAddress, this.account.address.toLowerCase()),
          eq(withdrawals.chainStatus, 'sent'),
        ),
      )
      .orderBy(desc(chainTxs.nonce))
      .limit(1);
    return Math.max(pending, ours ? ours.nonce + 1 : 0);
  }

  private async sign(
    row: Row,
    nonce: number,
    floor?: { maxFee: bigint; priority: bigint },
  ): Promise<{ raw: Hex; hash: Hex; maxFee: bigint; priority: bigint }> {
    const call = this.callOf(row);
    // Against the last block, not the pending one: a transaction of ours still pending (the one
    // a replacement replaces) would make a token transfer look cheaper than it is.
    const gas = await this.client.estimateGas({
      account: this.account.address,
      blockTag: 'latest',
      ...call,
    });
    const fees = await this.client.estimateFeesPerGas();
    let maxFee = fees.maxFeePerGas;
    let priority = fees.maxPriorityFeePerGas;
    if (floor) {
      // A replacement must pay at least an eighth more on both, or nodes refuse it.
      const bump = (v: bigint) => v + v / 8n + 1n;
      maxFee = maxFee > bump(floor.maxFee) ? maxFee : bump(floor.maxFee);
      priority = priority > bump(floor.priority) ? priority : bump(floor.priority);
      if (priority > maxFee) maxFee = priority;
    }
    const raw = await this.account.signTransaction({
      type: 'eip1559',
      chainId: this.chainId,
      nonce,
      gas: (gas * 6n) / 5n,
      maxFeePerGas: maxFee,
      maxPriorityFeePerGas: priority,
      ...call,
    });
    return { raw, hash: keccak256(raw), maxFee, priority };
  }

  /** Records a signed transaction for `row` (the hash the record shows) before it is sent. */
  private async record(
    row: Row,
    from: 'queued' | 'sent',
    nonce: number,
    signed: Awaited<ReturnType<Payer['sign']>>,
  ): Promise<boolean> {
    const at = this.options.now();
    return this.db.transaction(async (tx) => {
      const [moved] = await tx
        .update(withdrawals)
        .set({ chainStatus: 'sent', txHash: signed.hash, sentAt: at, confirmations: 0 })
        .where(and(eq(withdrawals.id, row.id), eq(withdrawals.chainStatus, from)))
        .returning({ id: withdrawals.id });
      if (!moved) return false;
      await tx
        .insert(chainTxs)
        .values({
          withdrawalId: row.id,
          network: this.network.network,
          fromAddress: this.account.address.toLowerCase(),
          nonce,
          txHash: signed.hash,
          raw: signed.raw,
          maxFeePerGas: signed.maxFee.toString(),
          maxPriorityFeePerGas: signed.priority.toString(),
          createdAt: at,
        })
        // The same bytes signed again (a payout retried after a refusal): one row.
        .onConflictDoNothing({ target: chainTxs.txHash });
      return true;
    });
  }

  private async fail(row: Row, reason: string) {
    await this.db
      .update(withdrawals)
      .set({ chainStatus: 'failed', chainError: reason })
      .where(and(eq(withdrawals.id, row.id), inArray(withdrawals.chainStatus, ['queued', 'sent'])));
    this.options.log.warn({ withdrawal: row.id, reason }, 'payout failed');
  }

  private async pay(row: Row): Promise<'sent' | 'failed'> {
    let signed;
    let nonce;
    try {
      nonce = await this.nextNonce();
      signed = await this.sign(row, nonce);
    } catch (error) {
      if (transient(error)) throw error;
      await this.fail(row, reasonOf(error));
      return 'failed';
    }
    if (!(await this.record(row, 'queued', nonce, signed))) return 'sent';
    try {
      await this.broadcast(signed.raw);
    } catch (error) {
      if (transient(error)) return 'sent'; // recorded: the next round sends it again
      await this.fail(row, reasonOf(error));
      return 'failed';
    }
    this.options.log.info({ withdrawal: row.id, tx: signed.hash, nonce }, 'payout sent');
    return 'sent';
  }

  private async follow(row: Row): Promise<'confirmed' | 'failed' | 'replaced' | null> {
    const sent = await this.db
      .select()
      .from(chainTxs)
      .where(eq(chainTxs.withdrawalId, row.id))
      .orderBy(desc(chainTxs.id));
    const latest = sent[0];
    if (!latest) return null;
    for (const tx of sent) {
      const receipt = await this.client
        .getTransactionReceipt({ hash: tx.txHash as Hex })
        .catch(() => null);
      if (!receipt) continue;
      if (receipt.status !== 'success') {
        await this.fail(row, `transaction ${tx.txHash} reverted on chain`);
        return 'failed';
      }
      const head = Number(await this.client.getBlockNumber());
      const confirmations = head - Number(receipt.blockNumber) + 1;
      const done = confirmations >= this.network.confirmations;
      await this.db
        .update(withdrawals)
        .set({
          txHash: tx.txHash,
          blockNumber: Number(receipt.blockNumber),
          confirmations: Math.min(confirmations, this.network.confirmations),
          ...(done ? { chainStatus: 'confirmed' as const } : {}),
        })
        .where(and(eq(withdrawals.id, row.id), eq(withdrawals.chainStatus, 'sent')));
      return done ? 'confirmed' : null;
    }
    const known = await this.client
      .getTransaction({ hash: latest.txHash as Hex })
      .then(() => true)
      .catch(() => false);
    if (!known) {
      // Recorded but never received (a crash, a lost connection): the same bytes again.
      await this.broadcast(latest.raw as Hex).catch((error: unknown) => {
        if (!alreadyKnown(error) && !transient(error)) throw error;
      });
      return null;
    }
    if (this.options.now().getTime() - latest.createdAt.getTime() < this.options.stuckMs)
      return null;
    const floor = {
      maxFee: BigInt(latest.maxFeePerGas),
      priority: BigInt(latest.maxPriorityFeePerGas),
    };
    const signed = await this.sign(row, latest.nonce, floor);
    if (!(await this.record(row, 'sent', latest.nonce, signed))) return null;
    await this.broadcast(signed.raw).catch((error: unknown) => {
      if (!transient(error)) this.options.log.warn({ err: error }, 'replacement refused');
    });
    this.options.log.info({ withdrawal: row.id, tx: signed.hash }, 'stuck payout replaced');
    return 'replaced';
  }
}
