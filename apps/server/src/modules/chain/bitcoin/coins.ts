import { HDKey } from '@scure/bip32';
import { Address, NETWORK, OutScript, p2wpkh, TEST_NETWORK, Transaction } from '@scure/btc-signer';
import type { BitcoinChain } from '../../address/bitcoin-network.ts';

/** @scure/btc-signer's parameters of a chain (regtest: testnet's with `bcrt`). */
export function btcParams(chain: BitcoinChain) {
  if (chain === 'mainnet') return NETWORK;
  return chain === 'testnet' ? TEST_NETWORK : { ...TEST_NETWORK, bech32: 'bcrt' };
}

/** The hot wallet's account key, BIP 84's `m/84'/<coin>'/0'` of the keystore's seed. */
export function hotAccount(seed: Uint8Array, chain: BitcoinChain): HDKey {
  return HDKey.fromMasterSeed(seed).derive(`m/84'/${chain === 'mainnet' ? 0 : 1}'/0'`);
}

/** A hot wallet output and where its key is. */
export interface Coin {
  txid: string;
  vout: number;
  value: bigint;
  branch: number;
  index: number;
}

export interface Payment {
  script: Uint8Array;
  amount: bigint;
}

/** Below this a P2WPKH output is dust nodes refuse to relay: it goes to the fee instead. */
const DUST = 546n;
const RBF_SEQUENCE = 0xfffffffd;

export interface Built {
  tx: Transaction;
  fee: bigint;
  change: bigint | null;
}

/**
 * Signs a transaction spending `coins` to `payments`, its change to `changeScript`, paying
 * `rate` sat/vB (measured on the signed transaction, plus a vbyte for a longer signature) and at
 * least `minFee`. Every input signals replaceability (BIP 125). Null when the coins fall short.
 */
export function build(
  account: HDKey,
  chain: BitcoinChain,
  coins: Coin[],
  payments: Payment[],
  changeScript: Uint8Array,
  rate: number,
  minFee = 0n,
): Built | null {
  const net = btcParams(chain);
  const make = (change: bigint | null) => {
    const tx = new Transaction();
    for (const c of coins) {
      const key = account.deriveChild(c.branch).deriveChild(c.index);
      tx.addInput({
        txid: c.txid,
        index: c.vout,
        sequence: RBF_SEQUENCE,
        witnessUtxo: { script: p2wpkh(key.publicKey!, net).script, amount: c.value },
      });
    }
    for (const p of payments) tx.addOutput(p);
    if (change !== null) tx.addOutput({ script: changeScript, amount: change });
    coins.forEach((c, i) =>
      tx.signIdx(account.deriveChild(c.branch).deriveChild(c.index).privateKey!, i),
    );
    tx.finalize();
    return tx;
  };
  const total = coins.reduce((s, c) => s + c.value, 0n);
  const pay = payments.reduce((s, p) => s + p.amount, 0n);
  if (total <= pay) return null;
  const feeOf = (tx: Transaction) => {
    const fee = BigInt(Math.ceil((tx.vsize + 1) * rate));
    return fee > minFee ? fee : minFee;
  };
  const withChange = feeOf(make(total - pay));
  const change = total - pay - withChange;
  if (change >= DUST) return { tx: make(change), fee: withChange, change };
  const alone = make(null);
  const fee = total - pay;
  return fee >= feeOf(alone) ? { tx: alone, fee, change: null } : null;
}

/**
 * Largest coins first until the payments and their estimated fee are covered (P2WPKH inputs
 * of 68 vbytes), then signed; null when all of them are not enough.
 */
export function selectAndBuild(
  account: HDKey,
  chain: BitcoinChain,
  available: Coin[],
  payments: Payment[],
  changeScript: Uint8Array,
  rate: number,
): Built | null {
  const sorted = [...available].sort((a, b) =>
    b.value > a.value ? 1 : b.value < a.value ? -1 : 0,
  );
  const outputs = [...payments.map((p) => p.script), changeScript];
  const outBytes = outputs.reduce((s, script) => s + 9 + script.length, 0);
  const pay = payments.reduce((s, p) => s + p.amount, 0n);
  let total = 0n;
  for (let n = 1; n <= sorted.length; n++) {
    total += sorted[n - 1]!.value;
    const estimate = BigInt(Math.ceil((11 + 68 * n + outBytes) * rate));
    if (total < pay + estimate && n < sorted.length) continue;
    const built = build(account, chain, sorted.slice(0, n), payments, changeScript, rate);
    if (built) return built;
  }
  return null;
}

/** The output script of an address on `chain`; null when it is not one. */
export function scriptOf(address: string, chain: BitcoinChain): Uint8Array | null {
  try {
    return OutScript.encode(
      // Address().decode checks the prefix and checksum for the chain.
      addressCoder(chain).decode(address),
    );
  } catch {
    return null;
  }
}

const addressCoder = (chain: BitcoinChain) => Address(btcParams(chain));
