import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { Address, OutScript, TEST_NETWORK, Transaction } from '@scure/btc-signer';

/** Regtest's parameters: testnet's with the `bcrt` prefix. */
export const REGTEST = { ...TEST_NETWORK, bech32: 'bcrt' };

interface Output {
  script: Uint8Array;
  address: string;
  value: number;
}
interface Tx {
  txid: string;
  inputs: { txid: string; vout: number }[];
  outputs: Output[];
  fee: number;
  vsize: number;
  rbf: boolean;
}
interface Block {
  hash: string;
  height: number;
  prev: string;
  txids: string[];
}

const hash160 = (b: Uint8Array) => ripemd160(sha256(b));
const newHash = () => randomBytes(32).toString('hex');

/**
 * An Esplora server stand-in (node:http, port 0) answering the documented requests
 * (Blockstream/esplora API.md) over an in-memory regtest chain. `POST /tx` accepts only
 * transactions whose every input spends a known unspent P2WPKH output with a valid signature
 * (BIP 143 sighash, checked with secp256k1); a spent input is a replacement (BIP 125) only
 * when the replaced transaction signals it and the new one pays more. Blocks are mined on
 * command, and a reorg replaces the newest blocks.
 */
export class EsploraStandIn {
  readonly blocks: Block[] = [{ hash: newHash(), height: 0, prev: '0'.repeat(64), txids: [] }];
  readonly orphans = new Map<string, Block>();
  readonly txs = new Map<string, Tx>();
  readonly mempool = new Set<string>();
  feeRates: Record<string, number> = { '2': 12, '6': 8, '144': 2 };
  /** Raw transactions refused, with the reason (tests assert on them). */
  readonly refused: string[] = [];
  /** Whether POST /tx answers 503 (a node in trouble). */
  down = false;
  private server!: Server;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((ok) => this.server.listen(0, '127.0.0.1', ok));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  stop(): Promise<void> {
    return new Promise((ok) => this.server.close(() => ok()));
  }

  get tip(): Block {
    return this.blocks.at(-1)!;
  }

  /** Money from nowhere to `address` (a coinbase), unconfirmed until mined. */
  fund(address: string, value: number): string {
    const txid = newHash();
    const script = OutScript.encode(Address(REGTEST).decode(address));
    this.txs.set(txid, {
      txid,
      inputs: [],
      outputs: [{ script, address, value }],
      fee: 0,
      vsize: 100,
      rbf: false,
    });
    this.mempool.add(txid);
    return txid;
  }

  /** `n` blocks; the first takes the mempool. */
  mine(n = 1): void {
    for (let i = 0; i < n; i++) {
      const txids = i === 0 ? [...this.mempool] : [];
      if (i === 0) this.mempool.clear();
      this.blocks.push({ hash: newHash(), height: this.blocks.length, prev: this.tip.hash, txids });
    }
  }

  /**
   * The newest `depth` blocks are replaced by as many empty ones: their transactions go back to
   * the mempool, except those in `evict`, which vanish.
   */
  reorg(depth: number, evict: string[] = []): void {
    for (let i = 0; i < depth; i++) {
      const block = this.blocks.pop()!;
      this.orphans.set(block.hash, block);
      for (const t of block.txids) if (!evict.includes(t)) this.mempool.add(t);
    }
    for (const t of evict) {
      this.mempool.delete(t);
      this.txs.delete(t);
    }
    const saved = [...this.mempool];
    this.mempool.clear();
    this.mine(depth);
    for (const t of saved) this.mempool.add(t);
  }

  /** Where a transaction is: its block in the best chain, the mempool, or nowhere. */
  private blockOf(txid: string): Block | null | undefined {
    for (const b of this.blocks) if (b.txids.includes(txid)) return b;
    return this.mempool.has(txid) ? null : undefined;
  }

  private status(txid: string) {
    const block = this.blockOf(txid);
    return block
      ? { confirmed: true, block_height: block.height, block_hash: block.hash, block_time: 0 }
      : { confirmed: false };
  }

  /** The transactions known to the best chain and mempool, in order. */
  private live(): Tx[] {
    const ids = [...this.blocks.flatMap((b) => b.txids), ...this.mempool];
    return ids.map((id) => this.txs.get(id)!);
  }

  private spender(txid: string, vout: number): Tx | undefined {
    return this.live().find((t) => t.inputs.some((i) => i.txid === txid && i.vout === vout));
  }

  private view(tx: Tx) {
    return {
      txid: tx.txid,
      vout: tx.outputs.map((o) => ({
        scriptpubkey: bytesToHex(o.script),
        scriptpubkey_address: o.address,
        value: o.value,
      })),
      status: this.status(tx.txid),
    };
  }

  private addressTxs(address: string) {
    const touches = (t: Tx) =>
      t.outputs.some((o) => o.address === address) ||
      t.inputs.some((i) => this.txs.get(i.txid)?.outputs[i.vout]?.address === address);
    const list = this.live().filter(touches).reverse();
    return {
      mempool: list.filter((t) => this.mempool.has(t.txid)),
      chain: list.filter((t) => !this.mempool.has(t.txid)),
    };
  }

  /** The unspent outputs of `address` (a test reads what arrived). */
  utxos(address: string) {
    const out = [];
    for (const tx of this.live())
      for (const [vout, o] of tx.outputs.entries())
        if (o.address === address && !this.spender(tx.txid, vout))
          out.push({ txid: tx.txid, vout, value: o.value, status: this.status(tx.txid) });
    return out;
  }

  /** Checks and takes a raw transaction; the reason when refused. */
  accept(hex: string): { txid: string } | { error: string } {
    let tx: Transaction;
    try {
      tx = Transaction.fromRaw(hexToBytes(hex));
    } catch (e) {
      return { error: `TX decode failed: ${String(e)}` };
    }
    let inSum = 0;
    const conflicts = new Set<Tx>();
    const inputs = [];
    for (let i = 0; i < tx.inputsLength; i++) {
      const input = tx.getInput(i);
      const prevTxid = bytesToHex(input.txid!);
      const prev = this.txs.get(prevTxid);
      const out = prev && this.blockOf(prevTxid) !== undefined ? prev.outputs[input.index!] : null;
      if (!out) return { error: 'bad-txns-inputs-missingorspent' };
      const spent = this.spender(prevTxid, input.index!);
      if (spent) {
        if (!this.mempool.has(spent.txid) || !spent.rbf) return { error: 'txn-mempool-conflict' };
        conflicts.add(spent);
      }
      const witness = input.finalScriptWitness;
      const decoded = OutScript.decode(out.script);
      if (decoded.type !== 'wpkh' || !witness || witness.length !== 2)
        return { error: 'non-mandatory-script-verify-flag (not a P2WPKH spend)' };
      const [sig, pubkey] = witness as [Uint8Array, Uint8Array];
      if (bytesToHex(hash160(pubkey)) !== bytesToHex(decoded.hash))
        return { error: 'non-mandatory-script-verify-flag (Witness program hash mismatch)' };
      const sighash = tx.preimageWitnessV0(
        i,
        OutScript.encode({ type: 'pkh', hash: decoded.hash }),
        sig.at(-1)!,
        BigInt(out.value),
      );
      const ok = secp256k1.verify(sig.subarray(0, -1), sighash, pubkey, {
        prehash: false,
        format: 'der',
      });
      if (!ok) return { error: 'mandatory-script-verify-flag-failed (Signature must be zero…)' };
      inSum += out.value;
      inputs.push({ txid: prevTxid, vout: input.index!, rbf: (input.sequence ?? 0) < 0xfffffffe });
    }
    const outputs: Output[] = [];
    for (let i = 0; i < tx.outputsLength; i++) {
      const o = tx.getOutput(i);
      outputs.push({
        script: o.script!,
        address: Address(REGTEST).encode(OutScript.decode(o.script!)),
        value: Number(o.amount!),
      });
    }
    const fee = inSum - outputs.reduce((s, o) => s + o.value, 0);
    if (fee < 0) return { error: 'bad-txns-in-belowout' };
    if (fee < tx.vsize) return { error: 'min relay fee not met' };
    for (const c of conflicts)
      if (fee < c.fee + tx.vsize || fee / tx.vsize <= c.fee / c.vsize)
        return { error: 'insufficient fee (replacement)' };
    for (const c of conflicts) this.mempool.delete(c.txid);
    const txid = tx.id;
    if (!this.txs.has(txid) || this.blockOf(txid) === undefined) {
      this.txs.set(txid, {
        txid,
        inputs,
        outputs,
        fee,
        vsize: tx.vsize,
        rbf: inputs.some((i) => i.rbf),
      });
      this.mempool.add(txid);
    }
    return { txid };
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, {
        'content-type': typeof body === 'string' ? 'text/plain' : 'application/json',
      });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    const path = (req.url ?? '/').split('?')[0]!;
    if (req.method === 'POST' && path === '/tx') {
      let body = '';
      for await (const chunk of req) body += String(chunk);
      if (this.down) return send(503, 'unavailable');
      const result = this.accept(body.trim());
      if ('error' in result) {
        this.refused.push(result.error);
        return send(400, `sendrawtransaction RPC error: {"code":-26,"message":"${result.error}"}`);
      }
      return send(200, result.txid);
    }
    const parts = path.split('/').filter(Boolean);
    const [a, b, c, d] = parts;
    if (a === 'blocks' && b === 'tip' && c === 'height') return send(200, String(this.tip.height));
    if (a === 'blocks' && b === 'tip' && c === 'hash') return send(200, this.tip.hash);
    if (a === 'block-height' && b) {
      const block = this.blocks[Number(b)];
      return block ? send(200, block.hash) : send(404, 'Block not found');
    }
    if (a === 'block' && b) {
      const best = this.blocks.find((x) => x.hash === b);
      const block = best ?? this.orphans.get(b);
      if (!block) return send(404, 'Block not found');
      if (c === 'status')
        return send(200, {
          in_best_chain: !!best,
          height: block.height,
          next_best: best ? (this.blocks[block.height + 1]?.hash ?? null) : null,
        });
      return send(200, { id: block.hash, height: block.height, previousblockhash: block.prev });
    }
    if (a === 'address' && b) {
      if (c === 'utxo') return send(200, this.utxos(b));
      const { mempool, chain } = this.addressTxs(b);
      if (c === 'txs' && d === 'chain') {
        const after = parts[4];
        const from = after ? chain.findIndex((t) => t.txid === after) + 1 : 0;
        return send(
          200,
          chain.slice(from, from + 25).map((t) => this.view(t)),
        );
      }
      if (c === 'txs')
        return send(
          200,
          [...mempool.slice(0, 50), ...chain.slice(0, 25)].map((t) => this.view(t)),
        );
    }
    if (a === 'tx' && b && c === 'status') {
      return this.blockOf(b) === undefined || !this.txs.has(b)
        ? send(404, 'Transaction not found')
        : send(200, this.status(b));
    }
    if (a === 'fee-estimates') return send(200, this.feeRates);
    send(404, 'not found');
  }
}

export const startEsplora = () => new EsploraStandIn().start();
