import { createHmac, createPublicKey, timingSafeEqual, verify } from 'node:crypto';
import type { users } from '@hx/db';
import type { ServerDeps } from '../../lib/deps.ts';
import { allowedFrom } from '../api-keys/signed-request.ts';
import { binanceErrors } from './errors.ts';
import { findLiveKey } from './key-memory.ts';

/**
 * Binance's request security (rest-api.md, "Request Security"): which key a request needs, how
 * it is signed, and the timing rule. Shared by the REST routes and the WebSocket API.
 *
 * - `NONE`: public. `USER_STREAM`: a key, no signature. `USER_DATA` and `TRADE`: signed.
 * - Our keys' permissions: `read` may `USER_DATA` and `USER_STREAM`, `read,trade` also `TRADE`.
 * - HMAC keys sign with their secret: the payload (query string then body, without the
 *   `signature` pair) as lowercase or uppercase hex HMAC-SHA256. We keep only the secret's
 *   SHA-256, which is the HMAC key the secret itself becomes (api-keys/signing.ts).
 * - Ed25519 keys sign the same payload, base64; we keep only the public key.
 */
export type Security = 'NONE' | 'USER_STREAM' | 'USER_DATA' | 'TRADE';

/** Who a signed request is: the user and the key (its id counts the key's rate limit). */
export interface BinanceCaller {
  user: typeof users.$inferSelect;
  keyId: number;
  permissions: string;
}

export const DEFAULT_RECV_WINDOW = 5000;
export const MAX_RECV_WINDOW = 60_000;

/** Binance's keys are 64 letters and digits; ours 32 hex characters. */
const KEY_FORMAT = /^[A-Za-z0-9]{16,100}$/;

/**
 * The signed payload of a request and its signature: the query string then the body, exactly as
 * sent, with the `signature` pair taken out (wherever it is). Two signatures: -1101.
 */
export function splitSignature(
  query: string,
  body: string,
): { payload: string; signature: string | null } {
  let signature: string | null = null;
  const keep = (text: string) =>
    text
      .split('&')
      .filter((pair) => {
        if (!pair.startsWith('signature=')) return true;
        if (signature !== null) throw binanceErrors.duplicateParam();
        signature = decode(pair.slice('signature='.length));
        return false;
      })
      .join('&');
  return { payload: keep(query) + keep(body), signature };
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    throw binanceErrors.illegalChars('signature');
  }
}

/**
 * The timing rule: `timestamp` (ms, or µs when it has 16 digits) less than a second ahead of
 * the server and no more than `recvWindow` (default 5000, at most 60000, up to 3 decimals)
 * behind it.
 */
export function checkTiming(
  now: number,
  timestamp: string | undefined,
  recvWindow: string | undefined,
): void {
  if (!timestamp) throw binanceErrors.mandatory('timestamp');
  if (!/^\d{1,17}$/.test(timestamp)) throw binanceErrors.mandatory('timestamp');
  const at = timestamp.length >= 16 ? Number(timestamp) / 1000 : Number(timestamp);
  let window = DEFAULT_RECV_WINDOW;
  if (recvWindow !== undefined) {
    if (!/^\d{1,6}(\.\d{1,3})?$/.test(recvWindow)) throw binanceErrors.mandatory('recvWindow');
    window = Number(recvWindow);
    if (window > MAX_RECV_WINDOW) throw binanceErrors.greaterThan('recvWindow', MAX_RECV_WINDOW);
  }
  if (at >= now + 1000) throw binanceErrors.timestampAhead();
  if (now - at > window) throw binanceErrors.timestampOutside();
}

/** The HMAC signature (hex, either case) over `payload` with the key kept as SHA-256 hex. */
function hmacMatches(secretHash: string, payload: string, signature: string): boolean {
  if (!/^[0-9a-fA-F]{64}$/.test(signature)) return false;
  const expected = createHmac('sha256', Buffer.from(secretHash, 'hex')).update(payload).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/** The Ed25519 signature (base64) over `payload` with the registered public key (PEM). */
function ed25519Matches(publicKey: string, payload: string, signature: string): boolean {
  if (!/^[A-Za-z0-9+/]{86}==$/.test(signature)) return false;
  try {
    return verify(
      null,
      Buffer.from(payload),
      createPublicKey(publicKey),
      Buffer.from(signature, 'base64'),
    );
  } catch {
    return false;
  }
}

/** Whether a key with these permissions may call an endpoint of this security type. */
export const keyMayCall = (permissions: string, security: Security): boolean =>
  security !== 'TRADE' || permissions.split(',').includes('trade');

export interface SignedAsk {
  /** X-MBX-APIKEY, or the WebSocket API's `apiKey` parameter. */
  apiKey: string | undefined;
  ip: string;
  security: Exclude<Security, 'NONE'>;
  /** What was signed (splitSignature's payload; the WebSocket API's sorted parameters). */
  payload: string;
  signature: string | null;
  timestamp?: string;
  recvWindow?: string;
}

/**
 * Checks a request's key and signature in Binance's order: the key's format (-2014), the
 * timing (-1021), the key, its address list and its permission (-2015), the signature (-1022).
 * A deleted key fails at once in this process, within a second in another (key-memory.ts).
 */
export async function authorize(
  deps: Pick<ServerDeps, 'db' | 'clock'>,
  ask: SignedAsk,
): Promise<BinanceCaller> {
  const apiKey = ask.apiKey?.trim() ?? '';
  if (!KEY_FORMAT.test(apiKey)) throw binanceErrors.keyFormat();
  const signed = ask.security !== 'USER_STREAM';
  if (signed) checkTiming(deps.clock.now().getTime(), ask.timestamp, ask.recvWindow);
  const row = await findLiveKey(deps.db, apiKey);
  if (!row || !allowedFrom(row.key.ips, ask.ip) || !keyMayCall(row.key.permissions, ask.security))
    throw binanceErrors.rejectedKey();
  if (signed) {
    if (!ask.signature) throw binanceErrors.mandatory('signature');
    const { secretHash, publicKey } = row.key;
    const ok = publicKey
      ? ed25519Matches(publicKey, ask.payload, ask.signature)
      : secretHash !== null && hmacMatches(secretHash, ask.payload, ask.signature);
    if (!ok) throw binanceErrors.signature();
  }
  return { user: row.user, keyId: row.key.id, permissions: row.key.permissions };
}
