/**
 * The parts of Blockstream's Esplora HTTP API the platform reads (github.com/Blockstream/esplora,
 * API.md; electrs and mempool serve the same). Amounts are satoshis.
 */
export interface TxStatus {
  confirmed: boolean;
  block_height?: number | null;
  block_hash?: string | null;
  block_time?: number | null;
}

export interface EsploraOutput {
  scriptpubkey: string;
  scriptpubkey_address?: string;
  value: number;
}

export interface EsploraTx {
  txid: string;
  vout: EsploraOutput[];
  status: TxStatus;
}

export interface EsploraUtxo {
  txid: string;
  vout: number;
  value: number;
  status: TxStatus;
}

/** The server answered with an error status (`POST /tx` refusing a transaction: 400). */
export class EsploraError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`esplora answered ${status}: ${body.slice(0, 300)}`);
  }
}

/** A failure worth trying again later: no answer, or the server's own trouble. */
export const transient = (error: unknown) =>
  !(error instanceof EsploraError) || error.status >= 500 || error.status === 429;

export class Esplora {
  constructor(
    readonly url: string,
    private readonly timeoutMs = 15_000,
  ) {}

  private async request(path: string, init?: RequestInit): Promise<string> {
    const res = await fetch(`${this.url}${path}`, {
      ...init,
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const text = await res.text();
    if (!res.ok) throw new EsploraError(res.status, text);
    return text;
  }

  private async json<T>(path: string): Promise<T> {
    return JSON.parse(await this.request(path)) as T;
  }

  /** `null` where the server answers 404 (an unknown transaction or block). */
  private async orNull<T>(read: Promise<T>): Promise<T | null> {
    try {
      return await read;
    } catch (error) {
      if (error instanceof EsploraError && error.status === 404) return null;
      throw error;
    }
  }

  async tipHeight(): Promise<number> {
    return Number(await this.request('/blocks/tip/height'));
  }

  tipHash(): Promise<string> {
    return this.request('/blocks/tip/hash');
  }

  blockHash(height: number): Promise<string | null> {
    return this.orNull(this.request(`/block-height/${height}`));
  }

  block(hash: string): Promise<{ id: string; height: number; previousblockhash: string } | null> {
    return this.orNull(this.json(`/block/${hash}`));
  }

  blockStatus(hash: string): Promise<{ in_best_chain: boolean } | null> {
    return this.orNull(this.json(`/block/${hash}/status`));
  }

  /** Newest first: up to 50 unconfirmed, then the first 25 confirmed. */
  addressTxs(address: string): Promise<EsploraTx[]> {
    return this.json(`/address/${address}/txs`);
  }

  /** The next 25 confirmed after `lastSeen`, newest first. */
  addressChainTxs(address: string, lastSeen: string): Promise<EsploraTx[]> {
    return this.json(`/address/${address}/txs/chain/${lastSeen}`);
  }

  utxos(address: string): Promise<EsploraUtxo[]> {
    return this.json(`/address/${address}/utxo`);
  }

  txStatus(txid: string): Promise<TxStatus | null> {
    return this.orNull(this.json(`/tx/${txid}/status`));
  }

  /** Confirmation target in blocks → sat/vB. */
  feeEstimates(): Promise<Record<string, number>> {
    return this.json('/fee-estimates');
  }

  /** Broadcasts a raw transaction (hex); answers its txid. */
  broadcast(hex: string): Promise<string> {
    return this.request('/tx', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: hex,
    });
  }
}
