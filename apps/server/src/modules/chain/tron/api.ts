/**
 * The few requests of a TRON full node's HTTP API (`TRON_API_URL`, java-tron's `/wallet/*`) the
 * signer makes, as the node documents them: addresses as `T…` (`visible: true`), amounts in sun
 * (1 TRX = 1 000 000 sun). A connection that fails is a TronUnreachable (try again later); the
 * node's own refusals come back as its answer.
 */

/** A transaction as the node builds and broadcasts it (JSON form of protocol.Transaction). */
export interface TronTransaction {
  visible?: boolean;
  txID: string;
  raw_data: {
    contract: Array<{
      parameter: { value: Record<string, unknown>; type_url: string };
      type: string;
    }>;
    ref_block_bytes: string;
    ref_block_hash: string;
    expiration: number;
    timestamp: number;
    fee_limit?: number;
  };
  raw_data_hex: string;
  signature?: string[];
}

export interface BroadcastAnswer {
  result?: boolean;
  code?: string;
  message?: string;
  txid?: string;
}

/** `/wallet/gettransactioninfobyid`: `{}` while the transaction is in no block. */
export interface TransactionInfo {
  id?: string;
  blockNumber?: number;
  result?: 'SUCCESS' | 'FAILED';
  resMessage?: string;
  receipt?: { result?: string; energy_usage_total?: number; net_usage?: number };
}

export interface AccountResource {
  freeNetUsed?: number;
  freeNetLimit?: number;
  NetUsed?: number;
  NetLimit?: number;
  EnergyUsed?: number;
  EnergyLimit?: number;
}

export class TronUnreachable extends Error {}

export class TronApi {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs = 15_000,
  ) {}

  async post<T>(path: string, body: object): Promise<T & { Error?: string }> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl.replace(/\/+$/, '')}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new TronUnreachable(`${path}: ${String(error)}`);
    }
    if (response.status >= 500) throw new TronUnreachable(`${path}: HTTP ${response.status}`);
    const text = await response.text();
    try {
      return JSON.parse(text) as T & { Error?: string };
    } catch {
      throw new TronUnreachable(`${path}: not JSON (HTTP ${response.status})`);
    }
  }

  /** The newest block: its number and time (ms). */
  async nowBlock(): Promise<{ number: number; timestamp: number }> {
    const block = await this.post<{
      block_header?: { raw_data?: { number?: number; timestamp?: number } };
    }>('/wallet/getnowblock', {});
    const raw = block.block_header?.raw_data;
    if (raw?.number === undefined) throw new TronUnreachable('/wallet/getnowblock: no block');
    return { number: raw.number, timestamp: raw.timestamp ?? 0 };
  }

  /** The account's TRX in sun (0 for an account the chain does not know yet). */
  async balance(address: string): Promise<bigint> {
    const account = await this.post<{ balance?: number }>('/wallet/getaccount', {
      address,
      visible: true,
    });
    return BigInt(account.balance ?? 0);
  }

  resources(address: string) {
    return this.post<AccountResource>('/wallet/getaccountresource', { address, visible: true });
  }

  triggerSmartContract(request: {
    owner_address: string;
    contract_address: string;
    function_selector: string;
    parameter: string;
    fee_limit: number;
  }) {
    return this.post<{
      result?: { result?: boolean; code?: string; message?: string };
      energy_used?: number;
      transaction?: TronTransaction;
    }>('/wallet/triggersmartcontract', { ...request, call_value: 0, visible: true });
  }

  createTransaction(request: { owner_address: string; to_address: string; amount: number }) {
    return this.post<Partial<TronTransaction>>('/wallet/createtransaction', {
      ...request,
      visible: true,
    });
  }

  broadcast(transaction: TronTransaction) {
    return this.post<BroadcastAnswer>('/wallet/broadcasttransaction', transaction);
  }

  transactionInfo(txid: string) {
    return this.post<TransactionInfo>('/wallet/gettransactioninfobyid', { value: txid });
  }
}

/** A node's message: text with `visible`, else hex of its UTF-8 bytes. */
export function messageText(message: string | undefined): string {
  if (!message) return '';
  if (/^([0-9a-f]{2})+$/i.test(message)) return Buffer.from(message, 'hex').toString('utf8');
  return message;
}
