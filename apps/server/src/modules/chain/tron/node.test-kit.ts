import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { utils } from 'tronweb';
import type { Hex } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import type { Anvil } from '../anvil.test-kit.ts';
import { hexToTron, tronToHex } from './address.ts';
import type { AccountResource, TransactionInfo, TronTransaction } from './api.ts';

/**
 * A stand-in for a TRON full node's HTTP API over the tests' anvil chain (which serves its
 * JSON-RPC side): the documented requests the signer makes, answered in the documented shapes.
 * It builds transactions with TRON's own encoding (tronweb's protobuf of raw_data; txID = its
 * sha256), ACCEPTS ONLY CORRECTLY SIGNED ones on broadcast (the raw_data re-encoded as the node
 * does, the signature recovered to the owner address), and mines the accepted ones on `mine()`
 * by executing them on anvil from the owner's address. `outOfEnergy` makes the next contract
 * calls fail on chain as TRON's OUT_OF_ENERGY does, burning nothing on anvil.
 */
export interface TronNode {
  url: string;
  /** The resources `getaccountresource` answers (the same for every account). */
  resources: AccountResource;
  outOfEnergy: boolean;
  /** Transactions accepted and waiting for `mine()`. */
  pending(): string[];
  /** Broadcasts the node refused, with its code. */
  refused: string[];
  mine(): Promise<void>;
  stop(): Promise<void>;
}

const read = (req: IncomingMessage) =>
  new Promise<Record<string, unknown>>((resolve, reject) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      try {
        resolve(body ? (JSON.parse(body) as Record<string, unknown>) : {});
      } catch (error) {
        reject(error);
      }
    });
  });

const hexMessage = (text: string) => bytesToHex(utf8ToBytes(text));

class StandIn implements TronNode {
  url = '';
  outOfEnergy = false;
  readonly refused: string[] = [];
  readonly resources: AccountResource = {
    freeNetLimit: 600,
    freeNetUsed: 0,
    EnergyLimit: 200_000,
    EnergyUsed: 0,
  };
  private readonly waiting = new Map<string, TronTransaction>();
  private readonly mined = new Map<string, TransactionInfo>();
  private server: Server | null = null;

  constructor(private readonly anvil: Anvil) {}

  private readonly routes: Record<string, (body: Record<string, unknown>) => Promise<unknown>> = {
    '/wallet/getnowblock': async () => {
      const h = await this.head();
      return {
        blockID: h.hash,
        block_header: { raw_data: { number: h.number, timestamp: h.timestamp } },
      };
    },
    '/wallet/getaccount': async (b) => {
      const balance = await this.anvil.client.getBalance({ address: tronToHex(String(b.address)) });
      return balance === 0n ? {} : { address: b.address, balance: Number(balance) };
    },
    '/wallet/getaccountresource': async () => this.resources,
    '/wallet/triggersmartcontract': async (b) => {
      const selector = bytesToHex(keccak_256(utf8ToBytes(String(b.function_selector)))).slice(0, 8);
      const value = {
        data: `${selector}${String(b.parameter)}`,
        owner_address: b.owner_address,
        contract_address: b.contract_address,
      };
      const transaction = await this.build('TriggerSmartContract', value, Number(b.fee_limit));
      return { result: { result: true }, energy_used: 14_650, transaction };
    },
    '/wallet/createtransaction': async (b) =>
      this.build('TransferContract', {
        amount: Number(b.amount),
        owner_address: b.owner_address,
        to_address: b.to_address,
      }),
    '/wallet/broadcasttransaction': (b) => this.broadcast(b),
    '/wallet/gettransactioninfobyid': async (b) => this.mined.get(String(b.value)) ?? {},
  };

  private async head() {
    const block = await this.anvil.client.getBlock({ blockTag: 'latest' });
    return {
      number: Number(block.number),
      hash: block.hash.slice(2),
      timestamp: Number(block.timestamp) * 1000,
    };
  }

  /** An unsigned transaction of one contract, referencing the newest block (TAPOS). */
  private async build(type: string, value: Record<string, unknown>, feeLimit?: number) {
    const ref = await this.head();
    const raw_data: TronTransaction['raw_data'] = {
      contract: [{ parameter: { value, type_url: `type.googleapis.com/protocol.${type}` }, type }],
      ref_block_bytes: ref.number.toString(16).padStart(4, '0').slice(-4),
      ref_block_hash: ref.hash.slice(16, 32),
      expiration: ref.timestamp + 60_000,
      timestamp: ref.timestamp,
      ...(feeLimit === undefined ? {} : { fee_limit: feeLimit }),
    };
    const tx: TronTransaction = { visible: true, txID: '', raw_data, raw_data_hex: '' };
    const pb = utils.transaction.txJsonToPb(tx);
    tx.raw_data_hex = utils.transaction.txPbToRawDataHex(pb).toLowerCase();
    tx.txID = bytesToHex(sha256(Buffer.from(tx.raw_data_hex, 'hex')));
    return tx;
  }

  private async broadcast(body: Record<string, unknown>) {
    const tx = body as unknown as TronTransaction;
    // As java-tron: the raw_data JSON re-encoded (raw_data_hex is not read), its sha256 the id.
    const txid = utils.transaction.txPbToTxID(utils.transaction.txJsonToPb(tx)).replace(/^0x/, '');
    const owner = String(tx.raw_data.contract[0]?.parameter.value.owner_address ?? '');
    const refuse = (code: string, message: string) => {
      if (code !== 'DUP_TRANSACTION_ERROR') this.refused.push(code);
      return { code, txid, message: hexMessage(message) };
    };
    const signature = tx.signature?.[0];
    let signer = '';
    try {
      if (signature) signer = utils.crypto.ecRecover(txid, signature).toLowerCase();
    } catch {
      signer = '';
    }
    if (!signature || signer !== `41${tronToHex(owner).slice(2)}`)
      return refuse('SIGERROR', 'validateSignature error');
    if (this.waiting.has(txid) || this.mined.has(txid))
      return refuse('DUP_TRANSACTION_ERROR', 'Dup transaction.');
    if ((await this.head()).timestamp > tx.raw_data.expiration)
      return refuse('TRANSACTION_EXPIRATION_ERROR', 'Transaction expired');
    this.waiting.set(txid, tx);
    return { result: true, code: 'SUCCESS', txid };
  }

  /** Executes one accepted transaction on anvil from its owner; answers its info. */
  private async execute(txid: string, tx: TronTransaction): Promise<TransactionInfo> {
    const [contract] = tx.raw_data.contract;
    const v = contract!.parameter.value;
    const owner = tronToHex(String(v.owner_address));
    const client = this.anvil.client;
    if (contract!.type === 'TriggerSmartContract' && this.outOfEnergy) {
      await client.mine({ blocks: 1 });
      return {
        id: txid,
        blockNumber: (await this.head()).number,
        result: 'FAILED',
        resMessage: hexMessage("Not enough energy for 'SSTORE' operation executing"),
        receipt: { result: 'OUT_OF_ENERGY', energy_usage_total: tx.raw_data.fee_limit ?? 0 },
      };
    }
    await client.impersonateAccount({ address: owner });
    const call =
      contract!.type === 'TransferContract'
        ? { to: tronToHex(String(v.to_address)), value: BigInt(String(v.amount)) }
        : {
            to: tronToHex(String(v.contract_address)),
            data: `0x${String(v.data)}` as Hex,
            gas: 200_000n,
          };
    const hash = await client.wallet.sendTransaction({ account: owner, chain: null, ...call });
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    await client.stopImpersonatingAccount({ address: owner });
    const ok = receipt.status === 'success';
    return {
      id: txid,
      blockNumber: Number(receipt.blockNumber),
      ...(ok
        ? {}
        : { result: 'FAILED' as const, resMessage: hexMessage('REVERT opcode executed') }),
      receipt: { result: ok ? 'SUCCESS' : 'REVERT', energy_usage_total: Number(receipt.gasUsed) },
    };
  }

  pending() {
    return [...this.waiting.keys()];
  }

  async mine() {
    const due = [...this.waiting];
    this.waiting.clear();
    for (const [txid, tx] of due) this.mined.set(txid, await this.execute(txid, tx));
    if (due.length === 0) await this.anvil.client.mine({ blocks: 1 });
  }

  async start() {
    const server = createServer((req, res) => void this.answer(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this;
  }

  private async answer(req: IncomingMessage, res: ServerResponse) {
    const route = this.routes[req.url ?? ''];
    if (!route || req.method !== 'POST') return void res.writeHead(404).end();
    let answer: unknown;
    try {
      answer = await route(await read(req));
    } catch (error) {
      answer = { Error: String(error) };
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  }

  stop() {
    return new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }
}

export const startTronNode = (anvil: Anvil): Promise<TronNode> => new StandIn(anvil).start();

/** The `T…` address of a private key (TRON's: 0x41 ‖ the EVM account). */
export const tronAddressOfKey = (privateKey: Hex) => hexToTron(privateKeyToAddress(privateKey));
