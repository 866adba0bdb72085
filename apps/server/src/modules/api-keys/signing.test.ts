import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  newApiSecret,
  secretHashOf,
  signatureMatches,
  signedMessage,
  signWithSecret,
} from './signing.ts';
import { keyMay } from './permissions.ts';

describe('signing with a stored hash', () => {
  it('HMAC-SHA256 keyed with the secret equals HMAC keyed with its raw SHA-256 (RFC 2104)', () => {
    for (let i = 0; i < 20; i++) {
      const secret = newApiSecret();
      expect(Buffer.byteLength(secret)).toBe(128);
      const message = `${Date.now()}POST/api/coin/trade?x=${i}symbol=BTCUSDT&amount=${i}`;
      const digest = createHash('sha256').update(secret).digest();
      expect(createHmac('sha256', secret).update(message).digest('hex')).toBe(
        createHmac('sha256', digest).update(message).digest('hex'),
      );
    }
  });

  it('accepts the client signature and refuses any other', () => {
    const secret = newApiSecret();
    const message = signedMessage('1700000000000', 'get', '/api/user/center', Buffer.alloc(0));
    const signature = signWithSecret(secret, message);
    expect(signatureMatches(secretHashOf(secret), message, signature)).toBe(true);
    expect(signatureMatches(secretHashOf(newApiSecret()), message, signature)).toBe(false);
    expect(signatureMatches(secretHashOf(secret), message, signature.toUpperCase())).toBe(false);
    expect(signatureMatches(secretHashOf(secret), message, 'abc')).toBe(false);
  });
});

describe('what a key may call', () => {
  it('reads with read, trades only with trade, never manages keys or moves money', () => {
    expect(keyMay('read', 'GET', '/api/coin/list')).toBe(true);
    expect(keyMay('read', 'POST', '/api/wallet/list')).toBe(true);
    expect(keyMay('read', 'POST', '/api/coin/trade')).toBe(false);
    expect(keyMay('read,trade', 'POST', '/api/coin/trade')).toBe(true);
    expect(keyMay('read,trade', 'PUT', '/api/coin/trade')).toBe(true);
    expect(keyMay('read,trade', 'POST', '/api/wallet/out')).toBe(false);
    expect(keyMay('read,trade', 'GET', '/api/user/api_keys')).toBe(false);
    expect(keyMay('read,trade', 'POST', '/api/user/logout')).toBe(false);
    expect(keyMay('read,trade', 'GET', '/ws')).toBe(false);
    expect(keyMay('read,trade', 'GET', undefined)).toBe(false);
  });
});
