import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { HDKey } from '@scure/bip32';
import { p2wpkh } from '@scure/btc-signer';
import { bitcoinTxs, coins, withdrawals, type BitcoinInput, type Db } from '@hx/db';
import { Decimal } from '@hx/money';
import type { ChainNetworkConfig } from '../config.ts';
import { btcParams, scriptOf, selectAndBuild, build, type Built, type Coin } from './coins.ts';
import { Esplora, transient } from './esplora.ts';

export interface BitcoinPayerOptions {
  now: () => Date;
  log: { info(o: object, m: string): void; warn(o: object, m: string): void };
}

type Row = typeof withdrawals.$inferSelect;
type Sent = typeof bitcoinTxs.$inferSelect;
type Outcome = { sent: number; confirmed: number; failed: number; replaced: number };

const satsOf = (btc: string) => BigInt(new Decimal(btc).times(100_000_000).toFixed(0));
const reasonOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * The signer's work on Bitcoin (docs/operations.md, "Bitcoin"). Every round:
 * 1. Each sent payout is followed by its transaction's status (`/tx/:txid/status`), every
 *    version of it (a replacement may lose to the original): mined, its confirmations written
 *    back and `confirmed` at the network's count; unknown to the server, the same bytes sent
 *    again (refused: failed); unconfirmed after BTC_RBF_AFTER_S, replaced once by a version
 *    paying more (BIP 125: same inputs, a higher rate, the old fee plus the new size).
 * 2. The queued payouts are paid together: one transaction, one output each, change to a new
 *    `/1/n` address of the hot wallet, at the `/fee-estimates` rate within the operator's
 *    bounds. Recorded before it is broadcast, so a crash in between sends the same bytes again.
 *    A refused transaction, or a hot wallet too poor with nothing in flight, fails its payouts:
 *    the API server returns them to the operator (payouts.ts).
 * The hot wallet's coins are its confirmed outputs (`/address/:a/utxo`) not spent by a payout in
 * flight.
 */
export class BitcoinPayer {
  private readonly esplora: Esplora;

  constructor(
    private readonly db: Db,
    private readonly network: ChainNetworkConfig,
    private readonly account: HDKey,
    private readonly options: BitcoinPayerOptions,
  ) {
    this.esplora = new Esplora(network.rpcUrl);
  }

  private get settings() {
    return this.network.bitcoin!;
  }

  private address(branch: number, index: number): string {
    const key = this.account.deriveChild(branch).deriveChild(index).publicKey!;
    return p2wpkh(key, btcParams(this.settings.chain)).address!;
  }

  private scriptAt(branch: number, index: number): Uint8Array {
    const key = this.account.deriveChild(branch).deriveChild(index).publicKey!;
    return p2wpkh(key, btcParams(this.settings.chain)).script;
  }

  async runOnce(): Promise<Outcome> {
    const result: Outcome = { sent: 0, confirmed: 0, failed: 0, replaced: 0 };
    const tip = await this.esplora.tipHeight();
    const sent = await this.payouts('sent');
    for (const txid of new Set(sent.map((w) => w.txHash!))) {
      const outcome = await this.follow(txid, tip);
      if (outcome) result[outcome]++;
    }
    const queued = await this.payouts('queued');
    if (queued.length) {
      const outcome = await this.pay(queued);
      result.sent += outcome.sent;
      result.failed += outcome.failed;
    }
    return result;
  }

  private async payouts(status: 'queued' | 'sent'): Promise<Row[]> {
    const rows = await this.db
      .select({ w: withdrawals })
      .from(withdrawals)
      .innerJoin(coins, eq(coins.id, withdrawals.coinId))
      .where(
        and(
          eq(withdrawals.network, this.network.network),
          eq(coins.name, 'BTC'),
          eq(withdrawals.status, 'passed'),
          eq(withdrawals.chainStatus, status),
        ),
      )
      .orderBy(asc(withdrawals.id));
    return rows.map((r) => r.w);
  }

  private async fail(ids: number[], reason: string) {
    await this.db
      .update(withdrawals)
      .set({ chainStatus: 'failed', chainError: reason })
      .where(
        and(inArray(withdrawals.id, ids), inArray(withdrawals.chainStatus, ['queued', 'sent'])),
      );
    this.options.log.warn({ withdrawals: ids, reason }, 'payout failed');
  }

  private feeRate(estimates: Record<string, number>, floor = 0): number {
    const { feeTarget, minFeeRate, maxFeeRate } = this.settings;
    const targets = Object.keys(estimates)
      .map(Number)
      .filter((n) => n >= feeTarget)
      .sort((a, b) => a - b);
    const estimate = targets.length ? estimates[String(targets[0])]! : minFeeRate;
    return Math.min(maxFeeRate, Math.max(minFeeRate, Math.ceil(estimate), floor));
  }

  /** The signed payouts of the network, newest first (the in-flight ones spend coins). */
  private async signed(): Promise<Sent[]> {
    return this.db
      .select()
      .from(bitcoinTxs)
      .where(eq(bitcoinTxs.network, this.network.network))
      .orderBy(desc(bitcoinTxs.id));
  }

  /** The hot wallet's confirmed outputs not spent by a payout still in flight. */
  private async spendable(all: Sent[], inFlight: Set<number>): Promise<Coin[]> {
    const busy = new Set<string>();
    for (const row of all)
      if (row.withdrawalIds.some((id) => inFlight.has(id)))
        for (const i of row.inputs) busy.add(`${i.txid}:${i.vout}`);
    const slots = [{ branch: 0, index: 0 }];
    for (const row of all)
      if (row.changeIndex !== null) slots.push({ branch: 1, index: row.changeIndex });
    const found: Coin[] = [];
    for (const { branch, index } of slots)
      for (const u of await this.esplora.utxos(this.address(branch, index)))
        if (u.status.confirmed && !busy.has(`${u.txid}:${u.vout}`))
          found.push({ txid: u.txid, vout: u.vout, value: BigInt(u.value), branch, index });
    return found;
  }

  private async pay(queued: Row[]): Promise<{ sent: number; failed: number }> {
    const payable: Row[] = [];
    for (const w of queued) {
      if (scriptOf(w.destination, this.settings.chain)) payable.push(w);
      else
        await this.fail(
          [w.id],
          `${w.destination} is not a Bitcoin address on ${this.settings.chain}`,
        );
    }
    const failed = queued.length - payable.length;
    if (!payable.length) return { sent: 0, failed };
    const all = await this.signed();
    const inFlight = new Set((await this.payouts('sent')).map((w) => w.id));
    const rate = this.feeRate(await this.esplora.feeEstimates());
    const changeIndex = Math.max(-1, ...all.map((r) => r.changeIndex ?? -1)) + 1;
    const payments = payable.map((w) => ({
      script: scriptOf(w.destination, this.settings.chain)!,
      amount: satsOf(w.receive),
    }));
    const coinsNow = await this.spendable(all, inFlight);
    const built = selectAndBuild(
      this.account,
      this.settings.chain,
      coinsNow,
      payments,
      this.scriptAt(1, changeIndex),
      rate,
    );
    const ids = payable.map((w) => w.id);
    if (!built) {
      // Change of a payout in flight may cover it once mined: wait for it.
      if (inFlight.size) return { sent: 0, failed };
      await this.fail(ids, 'the hot wallet holds too little to pay this');
      return { sent: 0, failed: failed + ids.length };
    }
    const row = await this.record(built, coinsNow, ids, changeIndex, rate, null);
    if (!row) return { sent: 0, failed };
    try {
      await this.esplora.broadcast(built.tx.hex);
    } catch (error) {
      if (transient(error)) return { sent: ids.length, failed }; // recorded: sent again next round
      await this.fail(ids, reasonOf(error));
      return { sent: 0, failed: failed + ids.length };
    }
    this.options.log.info({ withdrawals: ids, tx: row.txid, rate }, 'payout sent');
    return { sent: ids.length, failed };
  }

  /** Records a signed transaction for `ids` before it is sent; null when raced. */
  private async record(
    built: Built,
    available: Coin[],
    ids: number[],
    changeIndex: number,
    rate: number,
    replaces: Sent | null,
  ): Promise<Sent | null> {
    const txid = built.tx.id;
    const inputs: BitcoinInput[] = [];
    for (let i = 0; i < built.tx.inputsLength; i++) {
      const input = built.tx.getInput(i);
      const coin = available.find(
        (c) => c.txid === Buffer.from(input.txid!).toString('hex') && c.vout === input.index,
      )!;
      inputs.push({ ...coin, value: coin.value.toString() });
    }
    const at = this.options.now();
    const from = replaces ? 'sent' : 'queued';
    try {
      return await this.db.transaction(async (tx) => {
        const moved = await tx
          .update(withdrawals)
          .set({ chainStatus: 'sent', txHash: txid, sentAt: at, confirmations: 0 })
          .where(and(inArray(withdrawals.id, ids), eq(withdrawals.chainStatus, from)))
          .returning({ id: withdrawals.id });
        if (moved.length !== ids.length) throw new Raced();
        const [row] = await tx
          .insert(bitcoinTxs)
          .values({
            network: this.network.network,
            txid,
            raw: built.tx.hex,
            withdrawalIds: ids,
            inputs,
            changeIndex: built.change === null ? null : changeIndex,
            fee: built.fee.toString(),
            feeRate: String(rate),
            replaces: replaces?.id ?? null,
            createdAt: at,
          })
          .returning();
        return row!;
      });
    } catch (error) {
      if (error instanceof Raced) return null;
      throw error;
    }
  }

  private async follow(txid: string, tip: number): Promise<keyof Outcome | null> {
    const all = await this.signed();
    const latest = all.find((r) => r.txid === txid);
    if (!latest) return null;
    const versions = [latest];
    for (let v = latest; v.replaces !== null;) {
      const older = all.find((r) => r.id === v.replaces);
      if (!older) break;
      versions.push((v = older));
    }
    const statuses = [];
    for (const v of versions) {
      const status = await this.esplora.txStatus(v.txid);
      statuses.push(status);
      if (!status?.confirmed || !status.block_height) continue;
      const confirmations = tip - status.block_height + 1;
      const done = confirmations >= this.network.confirmations;
      await this.db
        .update(withdrawals)
        .set({
          txHash: v.txid,
          blockNumber: status.block_height,
          confirmations: Math.min(confirmations, this.network.confirmations),
          ...(done ? { chainStatus: 'confirmed' as const } : {}),
        })
        .where(and(inArray(withdrawals.id, v.withdrawalIds), eq(withdrawals.chainStatus, 'sent')));
      return done ? 'confirmed' : null;
    }
    if (!statuses[0]) {
      if (statuses.some(Boolean)) return null; // an older version is still in the mempool
      try {
        await this.esplora.broadcast(latest.raw); // recorded but never received
      } catch (error) {
        if (transient(error)) return null;
        await this.fail(latest.withdrawalIds, reasonOf(error));
        return 'failed';
      }
      return null;
    }
    const age = this.options.now().getTime() - latest.createdAt.getTime();
    if (latest.replaces !== null || age < this.settings.rbfAfterS * 1000) return null;
    return this.bump(latest, all);
  }

  /** Replaces a stuck payout once: same inputs and payments, a higher fee from the change. */
  private async bump(latest: Sent, all: Sent[]): Promise<'replaced' | null> {
    const rows = await this.db
      .select()
      .from(withdrawals)
      .where(inArray(withdrawals.id, latest.withdrawalIds))
      .orderBy(asc(withdrawals.id));
    const payments = rows.map((w) => ({
      script: scriptOf(w.destination, this.settings.chain)!,
      amount: satsOf(w.receive),
    }));
    const oldRate = Number(latest.feeRate);
    const rate = this.feeRate(await this.esplora.feeEstimates(), oldRate + 1);
    const coinsUsed: Coin[] = latest.inputs.map((i) => ({ ...i, value: BigInt(i.value) }));
    const changeIndex = Math.max(-1, ...all.map((r) => r.changeIndex ?? -1)) + 1;
    const draft = build(
      this.account,
      this.settings.chain,
      coinsUsed,
      payments,
      this.scriptAt(1, changeIndex),
      rate,
    );
    // BIP 125: the old fee plus the new transaction's size at the minimum relay rate.
    const minFee = BigInt(latest.fee) + BigInt(draft?.tx.vsize ?? 0) + 1n;
    const built =
      rate > oldRate && draft
        ? build(
            this.account,
            this.settings.chain,
            coinsUsed,
            payments,
            this.scriptAt(1, changeIndex),
            rate,
            minFee,
          )
        : null;
    if (!built) {
      this.options.log.warn({ tx: latest.txid }, 'stuck payout cannot pay more: left as it is');
      return null;
    }
    const row = await this.record(
      built,
      coinsUsed,
      latest.withdrawalIds,
      changeIndex,
      rate,
      latest,
    );
    if (!row) return null;
    await this.esplora.broadcast(built.tx.hex).catch((error: unknown) => {
      this.options.log.warn({ err: reasonOf(error), tx: row.txid }, 'replacement refused');
    });
    this.options.log.info(
      { withdrawals: latest.withdrawalIds, tx: row.txid, rate },
      'stuck payout replaced',
    );
    return 'replaced';
  }
}

class Raced extends Error {}
