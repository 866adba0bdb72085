import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How far a request's timestamp may be from the server's clock, either way. */
export const RECEIVE_WINDOW_MS = 5000;

/** The public half, sent as X-API-KEY. */
export const newApiKey = () => randomBytes(16).toString('hex');

/**
 * 64 random bytes as 128 hex characters: longer than SHA-256's 64-byte block, so HMAC hashes it
 * first (RFC 2104) and the stored SHA-256 verifies signatures without keeping the secret.
 */
export const newApiSecret = () => randomBytes(64).toString('hex');

/** SHA-256 (hex) of the secret's characters: what `api_keys.secret_hash` keeps. */
export const secretHashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** What is signed: timestamp, method, the path with its query from `/api/`, the raw body. */
export function signedMessage(timestamp: string, method: string, path: string, body: Buffer) {
  return Buffer.concat([Buffer.from(`${timestamp}${method.toUpperCase()}${path}`), body]);
}

/** The signature a client computes: lowercase hex HMAC-SHA256 keyed with the secret. */
export const signWithSecret = (secret: string, message: Buffer | string) =>
  createHmac('sha256', secret).update(message).digest('hex');

/** Checks `signature` (hex) against the HMAC keyed with the secret's hash, in constant time. */
export function signatureMatches(secretHash: string, message: Buffer, signature: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(signature)) return false;
  const expected = createHmac('sha256', Buffer.from(secretHash, 'hex')).update(message).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
