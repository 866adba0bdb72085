import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { parseUnits } from 'viem';
import { chainTxs, coins, withdrawals, type Db } from '@hx/db';
import type { ChainAdapter } from '../adapter.ts';
import type { ChainAsset, ChainNetworkConfig } from '../config.ts';
import { hexToTron, tronToHex } from './address.ts';
import { messageText, TronUnreachable, type TronApi, type TronTransaction } from './api.ts';
import { BuiltWrong, checkBuilt, signTron, transferData, type Intent } from './sign.ts';

/**
 * The signer's work on TRON (docs/operations.md, "TRON"). Every round:
 * 1. Each `sent` payout is followed with `/wallet/gettransactioninfobyid`: in a block (its
 *    confirmations written back, `confirmed` at the network's count), failed there (out of
 *    energy, a reverted transfer: failed, and the API server returns it to review), or in none:
 *    the same signed transaction broadcast again until it expires, after which it can never be
 *    mined and a new one is signed.
 * 2. Each `queued` payout: the hot wallet's token, TRX, energy and bandwidth are checked first (a
 *    transfer short of energy burns TRX up to the fee limit, or fails on chain having burnt it);
 *    the node builds the transaction (`triggersmartcontract` for a TRC20 `transfer`,
 *    `createtransaction` for TRX), which is checked against what was asked before it is signed
 *    here, recorded with its id, then broadcast, so a crash in between sends the same bytes.
 */
export interface TronPayerOptions {
  now: () => Date;
  log: { info(o: object, m: string): void; warn(o: object, m: string): void };
}

type Row = typeof withdrawals.$inferSelect & { coin: string };

/** Sun burnt per byte when the wallet has no bandwidth left (TRON's current price). */
const SUN_PER_BYTE = 1000n;
/** A transfer's size on chain, about: what bandwidth it takes. */
const TX_BYTES = 350n;

/** Energy a TRC20 transfer is assumed to take when the node gives no estimate. */
const TRC20_ENERGY = 65_000;

class Refused extends Error {}

export class TronPayer {
  constructor(
    private readonly db: Db,
    private readonly network: ChainNetworkConfig,
    private readonly api: TronApi,
    private readonly chain: ChainAdapter,
    private readonly privateKey: string,
    private readonly options: TronPayerOptions,
  ) {}

  private get hot(): string {
    return this.network.hotWallet!;
  }

  async runOnce(): Promise<{ sent: number; confirmed: number; failed: number; replaced: number }> {
    const result = { sent: 0, confirmed: 0, failed: 0, replaced: 0 };
    for (const row of await this.payouts('sent')) {
      const outcome = await this.follow(row);
      if (outcome) result[outcome]++;
    }
    for (const row of await this.payouts('queued')) result[await this.pay(row, 'queued')]++;
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

  private intentOf(row: Row): { asset: ChainAsset; intent: Intent } {
    const asset = this.network.assets.find((a) => a.coin === row.coin);
    if (!asset) throw new Refused(`${row.coin} is not paid on ${this.network.network}`);
    try {
      tronToHex(row.destination);
    } catch {
      throw new Refused(`${row.destination} is not a TRON address`);
    }
    const amount = parseUnits(row.receive, asset.decimals);
    const feeLimit = this.network.tron!.feeLimit;
    return {
      asset,
      intent:
        asset.contract === null
          ? { kind: 'trx', owner: this.hot, to: row.destination, amount }
          : {
              kind: 'trc20',
              owner: this.hot,
              contract: hexToTron(asset.contract),
              to: row.destination,
              amount,
              feeLimit,
            },
    };
  }

  /** Refuses (with the reason the operator reads) what the hot wallet cannot pay now. */
  private async checkFunds(asset: ChainAsset, intent: Intent, energyNeeded: number) {
    const trx = await this.api.balance(this.hot);
    const r = await this.api.resources(this.hot);
    const bandwidth =
      (r.freeNetLimit ?? 0) - (r.freeNetUsed ?? 0) + (r.NetLimit ?? 0) - (r.NetUsed ?? 0);
    const energy = (r.EnergyLimit ?? 0) - (r.EnergyUsed ?? 0);
    let burn = BigInt(bandwidth) >= TX_BYTES ? 0n : TX_BYTES * SUN_PER_BYTE;
    if (intent.kind === 'trx') burn += intent.amount;
    else {
      const held = await this.chain.balance(this.hot, asset);
      if (held < intent.amount)
        throw new Refused(
          `the hot wallet holds ${held} of ${intent.amount} ${asset.coin} (smallest unit)`,
        );
      // Short of energy, the transfer burns TRX for it, up to the fee limit.
      if (energy < energyNeeded) burn += BigInt(intent.feeLimit);
    }
    if (trx < burn)
      throw new Refused(
        `not enough energy or bandwidth: ${energy} energy of ${energyNeeded}, ${bandwidth} bandwidth, and ${trx} sun of TRX where ${burn} may burn`,
      );
  }

  /** The node's unsigned transaction for `intent`, checked to be exactly that. */
  private async build(intent: Intent): Promise<{ tx: TronTransaction; energy: number }> {
    if (intent.kind === 'trx') {
      const tx = await this.api.createTransaction({
        owner_address: intent.owner,
        to_address: intent.to,
        amount: Number(intent.amount),
      });
      if (tx.Error || !tx.raw_data)
        throw new Refused(`createtransaction: ${tx.Error ?? 'no transaction'}`);
      return { tx: checkBuilt(tx as TronTransaction, intent), energy: 0 };
    }
    // The arguments without the selector: the node adds it from `function_selector`.
    const parameter = transferData(intent.to, intent.amount).slice(8);
    const answer = await this.api.triggerSmartContract({
      owner_address: intent.owner,
      contract_address: intent.contract,
      function_selector: 'transfer(address,uint256)',
      parameter,
      fee_limit: intent.feeLimit,
    });
    if (answer.Error || !answer.result?.result || !answer.transaction)
      throw new Refused(
        `triggersmartcontract: ${answer.Error ?? answer.result?.code ?? ''} ${messageText(answer.result?.message)}`.trim(),
      );
    // The node's estimate when it gives one; else what a USDT transfer to a new holder takes.
    const energy = answer.energy_used ?? TRC20_ENERGY;
    return { tx: checkBuilt(answer.transaction, intent), energy };
  }

  private async record(
    row: Row,
    from: 'queued' | 'sent',
    signed: TronTransaction,
    feeLimit: number,
  ) {
    const at = this.options.now();
    return this.db.transaction(async (tx) => {
      const [moved] = await tx
        .update(withdrawals)
        .set({ chainStatus: 'sent', txHash: signed.txID, sentAt: at, confirmations: 0 })
        .where(and(eq(withdrawals.id, row.id), eq(withdrawals.chainStatus, from)))
        .returning({ id: withdrawals.id });
      if (!moved) return false;
      await tx
        .insert(chainTxs)
        .values({
          withdrawalId: row.id,
          network: this.network.network,
          fromAddress: this.hot,
          nonce: 0, // TRON has none: a transaction is unique by its id and expires
          txHash: signed.txID,
          raw: JSON.stringify(signed),
          maxFeePerGas: String(feeLimit),
          maxPriorityFeePerGas: '0',
          createdAt: at,
        })
        .onConflictDoNothing({ target: chainTxs.txHash });
      return true;
    });
  }

  private async fail(row: Row, reason: string) {
    await this.db
      .update(withdrawals)
      .set({ chainStatus: 'failed', chainError: reason.slice(0, 500) })
      .where(and(eq(withdrawals.id, row.id), inArray(withdrawals.chainStatus, ['queued', 'sent'])));
    this.options.log.warn({ withdrawal: row.id, reason }, 'payout failed');
  }

  /** Builds, checks, signs, records and broadcasts `row`'s payout (`from` its current status). */
  private async pay(row: Row, from: 'queued' | 'sent'): Promise<'sent' | 'failed'> {
    let signed: TronTransaction;
    let feeLimit = 0;
    try {
      const { asset, intent } = this.intentOf(row);
      const { tx, energy } = await this.build(intent);
      await this.checkFunds(asset, intent, energy);
      signed = await signTron(this.privateKey, tx);
      feeLimit = intent.kind === 'trc20' ? intent.feeLimit : 0;
    } catch (error) {
      if (!(error instanceof Refused) && !(error instanceof BuiltWrong)) throw error;
      await this.fail(row, error.message);
      return 'failed';
    }
    if (!(await this.record(row, from, signed, feeLimit))) return 'sent';
    let answer;
    try {
      answer = await this.api.broadcast(signed);
    } catch (error) {
      if (error instanceof TronUnreachable) return 'sent'; // recorded: sent again next round
      throw error;
    }
    if (!answer.result && answer.code !== 'DUP_TRANSACTION_ERROR') {
      await this.fail(
        row,
        `${answer.code ?? answer.Error ?? 'refused'}: ${messageText(answer.message)}`,
      );
      return 'failed';
    }
    this.options.log.info({ withdrawal: row.id, tx: signed.txID }, 'payout sent');
    return 'sent';
  }

  private async follow(row: Row): Promise<'confirmed' | 'failed' | 'replaced' | null> {
    const [latest] = await this.db
      .select()
      .from(chainTxs)
      .where(eq(chainTxs.withdrawalId, row.id))
      .orderBy(desc(chainTxs.id))
      .limit(1);
    if (!latest) return null;
    const info = await this.api.transactionInfo(latest.txHash);
    const head = await this.api.nowBlock();
    if (info.blockNumber !== undefined) {
      const outcome = info.receipt?.result ?? 'SUCCESS';
      if (info.result === 'FAILED' || outcome !== 'SUCCESS') {
        const why = [outcome, messageText(info.resMessage)].filter(Boolean).join(': ');
        await this.fail(row, `transaction ${latest.txHash} failed on chain (${why})`);
        return 'failed';
      }
      const confirmations = head.number - info.blockNumber + 1;
      const done = confirmations >= this.network.confirmations;
      await this.db
        .update(withdrawals)
        .set({
          txHash: latest.txHash,
          blockNumber: info.blockNumber,
          confirmations: Math.max(0, Math.min(confirmations, this.network.confirmations)),
          ...(done ? { chainStatus: 'confirmed' as const } : {}),
        })
        .where(and(eq(withdrawals.id, row.id), eq(withdrawals.chainStatus, 'sent')));
      return done ? 'confirmed' : null;
    }
    const signed = JSON.parse(latest.raw) as TronTransaction;
    if (head.timestamp <= signed.raw_data.expiration) {
      // In no block yet: the same bytes again (the node answers a duplicate for one it has).
      await this.api.broadcast(signed).catch((error: unknown) => {
        if (!(error instanceof TronUnreachable)) throw error;
      });
      return null;
    }
    // Expired in no block: it can never be mined, so a new transaction pays the withdrawal.
    this.options.log.warn({ withdrawal: row.id, tx: latest.txHash }, 'payout expired unmined');
    return (await this.pay(row, 'sent')) === 'sent' ? 'replaced' : 'failed';
  }
}
