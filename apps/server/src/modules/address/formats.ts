import { base58, base58xrp, bech32, bech32m, createBase58check } from '@scure/base';
import { blake2b } from '@noble/hashes/blake2.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { BASE58_VERSIONS, SEGWIT_PREFIX, type BitcoinChain } from './bitcoin-network.ts';

/**
 * Address formats per network, checked with their checksums: a typo is caught before funds
 * leave. Mainnet only. `demoAddress` makes valid-format addresses for demo deposits.
 */
const base58check = createBase58check(sha256);

const concat = (...parts: (Uint8Array | number[])[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

/** base58check payload (version byte + hash), or null when the checksum or alphabet is wrong. */
function base58checkPayload(address: string): Uint8Array | null {
  try {
    return base58check.decode(address);
  } catch {
    return null;
  }
}

const versioned = (address: string, versions: number[], length = 21) => {
  const payload = base58checkPayload(address);
  return payload !== null && payload.length === length && versions.includes(payload[0]!);
};

/** Segwit (BIP 173/350): v0 in bech32 with a 20 or 32 byte program, v1+ in bech32m. */
function segwit(address: string, hrp: string): boolean {
  if (address.length > 90) return false;
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return false;
  const lower = address.toLowerCase();
  if (!lower.startsWith(`${hrp}1`)) return false;
  let words: number[];
  let modified = false;
  try {
    words = bech32.decode(lower as `${string}1${string}`).words;
  } catch {
    try {
      words = bech32m.decode(lower as `${string}1${string}`).words;
      modified = true;
    } catch {
      return false;
    }
  }
  const [version, ...rest] = words;
  if (version === undefined || version > 16) return false;
  const program = bech32.fromWordsUnsafe(rest);
  if (!program || program.length < 2 || program.length > 40) return false;
  if (version === 0) return !modified && (program.length === 20 || program.length === 32);
  return modified;
}

/** EIP-55: the case of each hex letter is a bit of keccak-256 of the lower-case address. */
export function toChecksumAddress(hex40: string): string {
  const lower = hex40.toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i++)
    out += parseInt(hash[i]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i]!;
  return out;
}

function evm(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const body = address.slice(2);
  // All one case carries no checksum; mixed case must match it exactly.
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return toChecksumAddress(body) === address;
}

function xrp(address: string): boolean {
  if (!/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/.test(address)) return false;
  try {
    const bytes = base58xrp.decode(address);
    if (bytes.length !== 25 || bytes[0] !== 0) return false;
    const check = sha256(sha256(bytes.subarray(0, 21))).subarray(0, 4);
    return check.every((b, i) => b === bytes[21 + i]);
  } catch {
    return false;
  }
}

function solana(address: string): boolean {
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address)) return false;
  try {
    return base58.decode(address).length === 32;
  } catch {
    return false;
  }
}

const SS58PRE = utf8ToBytes('SS58PRE');
const ss58Checksum = (body: Uint8Array) =>
  blake2b(concat(SS58PRE, body), { dkLen: 64 }).subarray(0, 2);

/** Polkadot SS58 with network prefix 0 (addresses starting with 1). */
function polkadot(address: string): boolean {
  try {
    const bytes = base58.decode(address);
    if (bytes.length !== 35 || bytes[0] !== 0) return false;
    const check = ss58Checksum(bytes.subarray(0, 33));
    return check[0] === bytes[33] && check[1] === bytes[34];
  } catch {
    return false;
  }
}

/** Cardano Shelley mainnet: bech32 `addr1…`, header network nibble 1. */
function cardano(address: string): boolean {
  if (address !== address.toLowerCase() || !address.startsWith('addr1') || address.length > 200)
    return false;
  try {
    const { prefix, words } = bech32.decode(address as `addr1${string}`, false);
    const bytes = bech32.fromWordsUnsafe(words);
    if (prefix !== 'addr' || !bytes) return false;
    const header = bytes[0]!;
    return (header & 0x0f) === 1 && (bytes.length === 57 || bytes.length === 29);
  } catch {
    return false;
  }
}

/** Bitcoin on `chain` (mainnet unless the installation runs on a test network). */
const bitcoinOn = (chain: BitcoinChain) => (a: string) => {
  const { pkh, sh } = BASE58_VERSIONS[chain];
  return versioned(a, [pkh, sh]) || segwit(a, SEGWIT_PREFIX[chain]);
};
const bitcoin = bitcoinOn('mainnet');

const VALIDATORS: Record<string, (address: string) => boolean> = {
  BTC: bitcoin,
  // Omni Layer tokens live on Bitcoin addresses.
  OMNI: bitcoin,
  ERC20: evm,
  BEP20: evm,
  TRC20: (a) => a.startsWith('T') && versioned(a, [0x41]),
  SOL: solana,
  XRP: xrp,
  DOGE: (a) => versioned(a, [0x1e, 0x16]),
  LTC: (a) => versioned(a, [0x30, 0x32, 0x05]) || segwit(a, 'ltc'),
  ADA: cardano,
  DOT: polkadot,
};

/** Networks whose addresses are checked with their checksum. */
export const CHECKED_NETWORKS = Object.keys(VALIDATORS);

/**
 * Whether `address` is a valid mainnet address on `network` (Bitcoin's: on `bitcoinChain`, the
 * installation's BTC_NETWORK). A network without a checker (added by an operator later) gets a
 * plain sanity check only.
 */
export function isValidAddress(
  network: string,
  address: string,
  bitcoinChain: BitcoinChain = 'mainnet',
): boolean {
  const upper = network.toUpperCase();
  if (bitcoinChain !== 'mainnet' && (upper === 'BTC' || upper === 'OMNI'))
    return bitcoinOn(bitcoinChain)(address);
  const check = VALIDATORS[upper];
  if (check) return check(address);
  return /^[A-Za-z0-9:_.-]{10,128}$/.test(address);
}

/**
 * The one spelling an address is stored in: EVM addresses in their EIP-55 form, segwit
 * addresses in lower case (both are case-insensitive); others as given.
 */
export function normalizeAddress(network: string, address: string): string {
  const upper = network.toUpperCase();
  if ((upper === 'ERC20' || upper === 'BEP20') && evm(address))
    return toChecksumAddress(address.slice(2));
  if (/^(bc|tb|bcrt|ltc)1/i.test(address)) return address.toLowerCase();
  return address;
}

/** A valid-format address derived from `seed`, for demo deposits; null for unknown networks. */
export function demoAddress(network: string, seed: string): string | null {
  const h = sha256(utf8ToBytes(seed));
  const h20 = h.subarray(0, 20);
  switch (network.toUpperCase()) {
    case 'BTC':
    case 'OMNI':
      return base58check.encode(concat([0x00], h20));
    case 'TRC20':
      return base58check.encode(concat([0x41], h20));
    case 'ERC20':
    case 'BEP20':
      return toChecksumAddress(bytesToHex(h20));
    case 'SOL':
      return base58.encode(h);
    case 'XRP': {
      const payload = concat([0x00], h20);
      return base58xrp.encode(concat(payload, sha256(sha256(payload)).subarray(0, 4)));
    }
    case 'DOGE':
      return base58check.encode(concat([0x1e], h20));
    case 'LTC':
      return base58check.encode(concat([0x30], h20));
    case 'ADA': {
      const stake = sha256(h);
      return bech32.encode(
        'addr',
        bech32.toWords(concat([0x01], h.subarray(0, 28), stake.subarray(0, 28))),
        false,
      );
    }
    case 'DOT': {
      const body = concat([0x00], h);
      return base58.encode(concat(body, ss58Checksum(body)));
    }
    default:
      return null;
  }
}
