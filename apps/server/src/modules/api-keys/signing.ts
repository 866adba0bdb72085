import { createHash, createHmac, createPublicKey, randomBytes, timingSafeEqual } from 'node:crypto';

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

/** SPKI's DER prefix of an Ed25519 public key (RFC 8410): the 32 raw bytes follow it. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/**
 * An Ed25519 public key as PEM (SPKI), from a PEM block (what `openssl pkey -pubout` prints) or
 * the key's 32 raw bytes in base64; null when `text` is neither. What an Ed25519 key keeps:
 * it verifies signatures and can make none.
 */
export function ed25519PublicKeyPem(text: string): string | null {
  const trimmed = text.trim();
  let source: string | { key: Buffer; format: 'der'; type: 'spki' } = trimmed;
  if (!trimmed.startsWith('-----')) {
    if (!/^[A-Za-z0-9+/]{43}=$/.test(trimmed)) return null;
    source = {
      key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(trimmed, 'base64')]),
      format: 'der',
      type: 'spki',
    };
  }
  try {
    const key = createPublicKey(source);
    if (key.asymmetricKeyType !== 'ed25519') return null;
    return key.export({ type: 'spki', format: 'pem' }).toString();
  } catch {
    return null;
  }
}
