import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { bitcoinTxs, type Db } from '@hx/db';
import type { BlockRef, ChainAdapter, ScannedBlock } from '../adapter.ts';
import type { ChainNetworkConfig } from '../config.ts';
import { hotAddress } from './config.ts';
import { Esplora } from './esplora.ts';

/**
 * Bitcoin through an Esplora server, as the console and the module see a chain. Deposits are
 * found by address (watcher.ts), not by scanning blocks: an Esplora block is 25 transactions a
 * request, thousands a block.
 */
export class BitcoinAdapter implements ChainAdapter {
  readonly network: string;
  readonly esplora: Esplora;

  constructor(
    private readonly config: ChainNetworkConfig,
    private readonly db: Db,
  ) {
    this.network = config.network;
    this.esplora = new Esplora(config.rpcUrl);
  }

  head(): Promise<number> {
    return this.esplora.tipHeight();
  }

  async block(number: number): Promise<BlockRef | null> {
    const hash = await this.esplora.blockHash(number);
    const block = hash ? await this.esplora.block(hash) : null;
    return block ? { number, hash: block.id, parentHash: block.previousblockhash } : null;
  }

  scan(): Promise<ScannedBlock | null> {
    return Promise.reject(new Error('Bitcoin deposits are found by address, not by block'));
  }

  /**
   * Of the hot wallet's receive address: what the hot wallet holds, its change addresses
   * (`/1/n` of the payouts signed so far) included, unconfirmed change too.
   */
  async balance(address: string): Promise<bigint> {
    const addresses = [address];
    const xpub = this.config.bitcoin?.hotXpub;
    if (xpub && address === this.config.hotWallet)
      addresses.push(...(await changeAddresses(this.db, this.config)));
    let total = 0n;
    for (const a of addresses)
      for (const u of await this.esplora.utxos(a)) total += BigInt(u.value);
    return total;
  }

  async confirmations(txid: string) {
    const status = await this.esplora.txStatus(txid);
    if (!status) return null;
    if (!status.confirmed || !status.block_height) return { blockNumber: 0, confirmations: 0 };
    const tip = await this.head();
    return {
      blockNumber: status.block_height,
      confirmations: Math.max(0, tip - status.block_height + 1),
    };
  }
}

/** The change addresses of the payouts signed on the network, oldest first. */
export async function changeAddresses(db: Db, config: ChainNetworkConfig): Promise<string[]> {
  const { hotXpub, chain } = config.bitcoin!;
  if (!hotXpub) return [];
  const rows = await db
    .select({ index: bitcoinTxs.changeIndex })
    .from(bitcoinTxs)
    .where(and(eq(bitcoinTxs.network, config.network), isNotNull(bitcoinTxs.changeIndex)))
    .orderBy(asc(bitcoinTxs.id));
  return rows.map((r) => hotAddress(hotXpub, chain, 1, r.index!));
}
