import { createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

/**
 * TRON addresses: base58check of 0x41 followed by the 20 bytes an EVM address has. The node's
 * JSON-RPC speaks the 20-byte `0x…` form; users, explorers and the HTTP API (visible) the `T…`.
 */
const base58check = createBase58check(sha256);

/** The `0x…` (lower case) form of a `T…` address; throws on a bad checksum or prefix. */
export function tronToHex(address: string): `0x${string}` {
  const payload = base58check.decode(address);
  if (payload.length !== 21 || payload[0] !== 0x41)
    throw new Error(`not a TRON address: ${address}`);
  return `0x${bytesToHex(payload.subarray(1))}`;
}

/** The `T…` form of a 20-byte `0x…` address (or a 21-byte one starting with 41). */
export function hexToTron(hex: string): string {
  const body = hex.replace(/^0x/i, '').toLowerCase();
  const bytes = hexToBytes(body.length === 42 && body.startsWith('41') ? body : `41${body}`);
  if (bytes.length !== 21) throw new Error(`not a 20-byte address: ${hex}`);
  return base58check.encode(bytes);
}

/** A TRON transaction id as explorers and the HTTP API show it: 64 hex digits, no 0x. */
export const txidOf = (hash: string) => hash.replace(/^0x/i, '').toLowerCase();
