import type { ChainAsset } from './config.ts';

/**
 * What the platform needs from a chain, one adapter per kind of chain (EVM; TRON in tron/,
 * whose addresses are `T…`; Bitcoin can follow with the same shape). The watcher and the console speak only this; the
 * signer has its own sending side (signer/), since only it holds a key.
 */

/** A block as the watcher remembers it: enough to notice that it was replaced. */
export interface BlockRef {
  number: number;
  hash: string;
  parentHash: string;
}

/** Money that arrived at one address in one block: a transaction's value or a token log. */
export interface IncomingTransfer {
  txHash: string;
  /** The token log's index in its block; -1 for the transaction's own (native) value. */
  logIndex: number;
  from: string;
  /** The receiving address: lower case when hex (EVM); a TRON adapter's `T…` as it is. */
  to: string;
  asset: ChainAsset;
  /** In the asset's smallest unit. */
  amount: bigint;
}

export interface ScannedBlock extends BlockRef {
  transfers: IncomingTransfer[];
}

export interface ChainAdapter {
  readonly network: string;
  /** The newest block number the node knows. */
  head(): Promise<number>;
  /** A block's identity; null while the node does not have it. */
  block(number: number): Promise<BlockRef | null>;
  /**
   * A block and the successful transfers in it of the given assets to the addresses `watched`
   * accepts (lower case); null while the node does not have the block.
   */
  scan(
    number: number,
    assets: readonly ChainAsset[],
    watched: (address: string) => boolean,
  ): Promise<ScannedBlock | null>;
  /** What `address` holds of `asset`, in the smallest unit. */
  balance(address: string, asset: ChainAsset): Promise<bigint>;
  /** Confirmations of a mined transaction (0 while pending, null when unknown to the node). */
  confirmations(txHash: string): Promise<{ blockNumber: number; confirmations: number } | null>;
}
