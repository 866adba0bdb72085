import type { PublicClient } from 'viem';
import type { ChainAdapter, ScannedBlock } from '../adapter.ts';
import type { ChainAsset, ChainNetworkConfig } from '../config.ts';
import { EvmAdapter } from '../evm.ts';
import { hexToTron, tronToHex, txidOf } from './address.ts';

/**
 * TRON through its full node's Ethereum-compatible JSON-RPC (`TRON_RPC_URL`): blocks, TRX
 * transfers and TRC20 `Transfer` logs read exactly as EVM ones are (evm.ts). What differs is
 * spelling: addresses leave this adapter as `T…` (the node speaks 20-byte `0x…`), transaction
 * ids as TRON's 64 hex digits without 0x, the form explorers and the HTTP API use.
 */
export class TronAdapter implements ChainAdapter {
  readonly network: string;
  private readonly evm: EvmAdapter;

  constructor(config: Pick<ChainNetworkConfig, 'network' | 'rpcUrl'>, client?: PublicClient) {
    this.network = config.network;
    this.evm = new EvmAdapter(config, client);
  }

  head() {
    return this.evm.head();
  }

  block(number: number) {
    return this.evm.block(number);
  }

  async scan(
    number: number,
    assets: readonly ChainAsset[],
    watched: (address: string) => boolean,
  ): Promise<ScannedBlock | null> {
    const block = await this.evm.scan(number, assets, (hex) => watched(hexToTron(hex)));
    if (!block) return null;
    const transfers = block.transfers.map((t) => ({
      ...t,
      txHash: txidOf(t.txHash),
      from: hexToTron(t.from),
      to: hexToTron(t.to),
    }));
    return { ...block, transfers };
  }

  /** `address` is a `T…` one; the asset's contract the `0x…` form config.ts keeps. */
  balance(address: string, asset: ChainAsset) {
    return this.evm.balance(tronToHex(address), asset);
  }

  confirmations(txHash: string) {
    return this.evm.confirmations(`0x${txidOf(txHash)}`);
  }
}
