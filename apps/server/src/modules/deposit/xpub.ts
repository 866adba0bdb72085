import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { bech32, createBase58check } from '@scure/base';
import { HARDENED_OFFSET, HDKey } from '@scure/bip32';
import { isValidAddress, toChecksumAddress } from '../address/formats.ts';
import { BASE58_VERSIONS, SEGWIT_PREFIX, type BitcoinChain } from '../address/bitcoin-network.ts';

/**
 * Per-user deposit addresses derived from an operator's extended public key (xpub): user `id`
 * gets the address of `<xpub>/0/<id>` (non-hardened, so no private key is needed). The same
 * user always gets the same address, so nothing needs recording; the operator's wallet, which
 * holds the matching xprv offline, derives the same keys to find and sweep the deposits.
 */

const base58check = createBase58check(sha256);
/** BIP32's version bytes of testnet keys (tpub/tprv), for BTC_NETWORK testnet, signet, regtest. */
const TESTNET_VERSIONS = { private: 0x04358394, public: 0x043587cf };

const prefixed = (version: number, hash20: Uint8Array) => {
  const out = new Uint8Array(21);
  out[0] = version;
  out.set(hash20, 1);
  return out;
};

/** The 33-byte compressed form of a secp256k1 public key (either form accepted). */
const compressed = (publicKey: Uint8Array) => secp256k1.Point.fromBytes(publicKey).toBytes(true);

/** Keccak-256 of the uncompressed key without its 0x04 prefix, last 20 bytes: the EVM account. */
export function evmHash(publicKey: Uint8Array): Uint8Array {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  return keccak_256(uncompressed.subarray(1)).subarray(12);
}

/** Bitcoin P2PKH: base58check(0x00 ‖ hash160(compressed key)); Omni uses Bitcoin addresses. */
export function p2pkhAddress(publicKey: Uint8Array): string {
  return base58check.encode(prefixed(0x00, ripemd160(sha256(compressed(publicKey)))));
}

const hash160 = (publicKey: Uint8Array) => ripemd160(sha256(compressed(publicKey)));

/** Bitcoin P2PKH on `chain` (`1…` on mainnet, `m…`/`n…` on the test networks). */
export const p2pkhOn = (chain: BitcoinChain) => (publicKey: Uint8Array) =>
  base58check.encode(prefixed(BASE58_VERSIONS[chain].pkh, hash160(publicKey)));

/** Bitcoin native SegWit P2WPKH (BIP 84): bech32 of witness v0 and hash160(key); `bc1q…`. */
export const p2wpkhOn = (chain: BitcoinChain) => (publicKey: Uint8Array) =>
  bech32.encode(SEGWIT_PREFIX[chain], [0, ...bech32.toWords(hash160(publicKey))]);

/** Ethereum / BNB Smart Chain: 0x + the EVM account in EIP-55 checksum casing. */
export function evmAddress(publicKey: Uint8Array): string {
  return toChecksumAddress(bytesToHex(evmHash(publicKey)));
}

/** Tron: base58check(0x41 ‖ the EVM account bytes). */
export function tronAddress(publicKey: Uint8Array): string {
  return base58check.encode(prefixed(0x41, evmHash(publicKey)));
}

const ENCODERS: Record<string, (publicKey: Uint8Array) => string> = {
  BTC: p2pkhAddress,
  OMNI: p2pkhAddress,
  ERC20: evmAddress,
  BEP20: evmAddress,
  TRC20: tronAddress,
};

/** Networks whose deposit addresses can be derived from an xpub. */
export const XPUB_NETWORKS = Object.keys(ENCODERS);

/** The receive chain (`<xpub>/0`) of one configured xpub. */
export interface XpubChain {
  network: string;
  chain: HDKey;
  /** The extended public key as given (public: it can be shown to operators). */
  key: string;
  /** BTC_NETWORK: the Bitcoin chain its BTC addresses are for. */
  bitcoinChain: BitcoinChain;
  /** How a derived public key becomes this coin's address on the network. */
  encode: (publicKey: Uint8Array) => string;
}

/**
 * BTC itself gets native SegWit addresses (`bc1q…`, cheaper to spend than P2PKH); USDT on Omni
 * keeps P2PKH, the only kind Omni Layer wallets send to.
 */
function encoderOf(label: string, network: string, bitcoinChain: BitcoinChain) {
  const coin = label.split(':')[0]?.toUpperCase();
  if (coin === 'BTC' && (network === 'OMNI' || network === 'BTC')) return p2wpkhOn(bitcoinChain);
  return ENCODERS[network]!;
}

/** Why an xpub was refused: the console turns `reason` into its error code. */
export class XpubError extends Error {
  constructor(
    readonly reason: 'private' | 'invalid' | 'network',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Parses one xpub for `label` (COIN:NETWORK). Refuses a private extended key outright: the
 * server must never hold one. Error messages never repeat the key itself.
 */
export function parseXpub(
  label: string,
  network: string,
  key: string,
  bitcoinChain: BitcoinChain = 'mainnet',
): XpubChain {
  const upper = network.toUpperCase();
  if (!ENCODERS[upper])
    throw new XpubError(
      'network',
      `DEPOSIT_XPUBS: ${label}: addresses on ${upper} cannot be derived from an xpub (supported: ${XPUB_NETWORKS.join(', ')})`,
    );
  const refusePrivate = () =>
    new XpubError(
      'private',
      `DEPOSIT_XPUBS: ${label} is a PRIVATE extended key. Refusing to start: the server must never hold private keys; configure the account's xpub (its public extended key) instead, and treat this key as exposed`,
    );
  if (/^[a-z]prv/i.test(key)) throw refusePrivate();
  // A test network's wallets export tpub…: taken there only, never on mainnet.
  const testKey = key.startsWith('tpub');
  if (testKey && bitcoinChain === 'mainnet')
    throw new XpubError(
      'invalid',
      `DEPOSIT_XPUBS: ${label} is a test network key (tpub…) but BTC_NETWORK is mainnet`,
    );
  let root: HDKey;
  try {
    root = HDKey.fromExtendedKey(key, testKey ? TESTNET_VERSIONS : undefined);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new XpubError(
      'invalid',
      `DEPOSIT_XPUBS: ${label} is not a valid ${testKey ? 'test network' : 'mainnet'} xpub (${reason})`,
    );
  }
  if (root.privateKey) throw refusePrivate();
  const encode = encoderOf(label, upper, bitcoinChain);
  const parsed = { network: upper, chain: root.deriveChild(0), key, bitcoinChain, encode };
  // Derive once now, so a key that cannot make this network's addresses stops the start.
  deriveAddress(parsed, 0);
  return parsed;
}

/** The deposit address of user `userId`: `<xpub>/0/<userId>`, encoded for the network. */
export function deriveAddress(xpub: XpubChain, userId: number): string {
  if (!Number.isSafeInteger(userId) || userId < 0 || userId >= HARDENED_OFFSET)
    throw new Error(`deposit address index out of range: ${userId}`);
  const publicKey = xpub.chain.deriveChild(userId).publicKey;
  if (!publicKey) throw new Error('derived key has no public key');
  const address = xpub.encode(publicKey);
  if (!isValidAddress(xpub.network, address, xpub.bitcoinChain))
    throw new Error(`derived ${xpub.network} address failed its own format check`);
  return address;
}

/**
 * `DEPOSIT_XPUBS` as `COIN:NETWORK=xpub,...`, keyed `COIN:NETWORK` in upper case. Each xpub is
 * parsed and test-derived at start; a malformed entry, a private key, an unsupported network or
 * a coin and network given twice stops the start.
 */
export function parseDepositXpubs(
  value: string | undefined,
  bitcoinChain: BitcoinChain = 'mainnet',
): Map<string, XpubChain> {
  const map = new Map<string, XpubChain>();
  for (const entry of (value ?? '').split(',')) {
    const trimmed = entry.trim();
    if (!trimmed) continue;
    const match = /^([A-Za-z0-9]+):([A-Za-z0-9_-]+)=(\S+)$/.exec(trimmed);
    if (!match) {
      // Only the part before '=' is shown: the value may be a key that must not reach a log.
      const head = trimmed.split('=')[0]!.slice(0, 40);
      throw new Error(`DEPOSIT_XPUBS: '${head}=…' is not COIN:NETWORK=xpub`);
    }
    const [, coin, network, key] = match as unknown as [string, string, string, string];
    const label = `${coin.toUpperCase()}:${network.toUpperCase()}`;
    if (map.has(label)) throw new Error(`DEPOSIT_XPUBS: ${label} is given more than once`);
    map.set(label, parseXpub(label, network, key, bitcoinChain));
  }
  return map;
}
