import {
  BlockNotFoundError,
  createPublicClient,
  erc20Abi,
  http,
  parseAbiItem,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Hex,
  type PublicClient,
} from 'viem';
import type { BlockRef, ChainAdapter, IncomingTransfer, ScannedBlock } from './adapter.ts';
import type { ChainAsset, ChainNetworkConfig } from './config.ts';

const TRANSFER = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);

/** The public side of an EVM JSON-RPC node, through viem; no cache, so every read is fresh. */
export function evmClient(rpcUrl: string): PublicClient {
  return createPublicClient({
    transport: http(rpcUrl, { retryCount: 2, timeout: 15_000 }),
    cacheTime: 0,
  });
}

const notFound = (error: unknown) =>
  error instanceof BlockNotFoundError ||
  error instanceof TransactionNotFoundError ||
  error instanceof TransactionReceiptNotFoundError;

/** Ethereum and its kin (BNB Smart Chain): native value transfers and ERC-20 `Transfer` logs. */
export class EvmAdapter implements ChainAdapter {
  readonly network: string;
  readonly client: PublicClient;

  constructor(config: Pick<ChainNetworkConfig, 'network' | 'rpcUrl'>, client?: PublicClient) {
    this.network = config.network;
    this.client = client ?? evmClient(config.rpcUrl);
  }

  async head(): Promise<number> {
    return Number(await this.client.getBlockNumber());
  }

  async block(number: number): Promise<BlockRef | null> {
    try {
      const b = await this.client.getBlock({ blockNumber: BigInt(number) });
      return { number, hash: b.hash, parentHash: b.parentHash };
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  }

  async scan(
    number: number,
    assets: readonly ChainAsset[],
    watched: (address: string) => boolean,
  ): Promise<ScannedBlock | null> {
    let block;
    try {
      block = await this.client.getBlock({
        blockNumber: BigInt(number),
        includeTransactions: true,
      });
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
    const transfers: IncomingTransfer[] = [];
    const native = assets.find((a) => a.contract === null);
    if (native) {
      for (const tx of block.transactions) {
        const to = tx.to?.toLowerCase();
        if (!to || tx.value === 0n || !watched(to)) continue;
        // A reverted transaction moved no value; only ours are worth a receipt.
        const receipt = await this.client.getTransactionReceipt({ hash: tx.hash });
        if (receipt.status !== 'success') continue;
        transfers.push({
          txHash: tx.hash,
          logIndex: -1,
          from: tx.from.toLowerCase(),
          to,
          asset: native,
          amount: tx.value,
        });
      }
    }
    const tokens = new Map(
      assets.filter((a) => a.contract !== null).map((a) => [a.contract!, a] as const),
    );
    if (tokens.size > 0) {
      // By the block's hash, so the logs are this block's even if a reorg is under way.
      const logs = await this.client.getLogs({
        blockHash: block.hash,
        address: [...tokens.keys()] as Hex[],
        event: TRANSFER,
      });
      for (const log of logs) {
        const asset = tokens.get(log.address.toLowerCase());
        const { from, to, value } = log.args;
        if (!asset || !from || !to || !value || log.removed) continue;
        if (!watched(to.toLowerCase())) continue;
        transfers.push({
          txHash: log.transactionHash,
          logIndex: log.logIndex,
          from: from.toLowerCase(),
          to: to.toLowerCase(),
          asset,
          amount: value,
        });
      }
    }
    return { number, hash: block.hash, parentHash: block.parentHash, transfers };
  }

  async balance(address: string, asset: ChainAsset): Promise<bigint> {
    if (asset.contract === null) return this.client.getBalance({ address: address as Hex });
    return this.client.readContract({
      address: asset.contract as Hex,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address as Hex],
    });
  }

  async confirmations(txHash: string) {
    try {
      const receipt = await this.client.getTransactionReceipt({ hash: txHash as Hex });
      const head = await this.head();
      const blockNumber = Number(receipt.blockNumber);
      return { blockNumber, confirmations: Math.max(0, head - blockNumber + 1) };
    } catch (error) {
      if (!notFound(error)) throw error;
    }
    try {
      await this.client.getTransaction({ hash: txHash as Hex });
      return { blockNumber: 0, confirmations: 0 };
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  }
}
