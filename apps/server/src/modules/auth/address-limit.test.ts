import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, testApp, type TestApp } from '../../test/harness.ts';
import { CODES_PER_HOUR_PER_ADDRESS } from '../verification/codes.ts';

let strict: TestApp;
let allowing: TestApp;
let unproxied: TestApp;
let behindProxy: TestApp;
beforeAll(async () => {
  strict = await testApp();
  unproxied = await testApp();
  // inject() requests come from 127.0.0.1.
  allowing = await testApp({ rateLimitAllow: ['127.0.0.1'] });
  behindProxy = await testApp({ trustProxy: ['127.0.0.1'] });
});
afterAll(async () => {
  await strict.close();
  await allowing.close();
  await unproxied.close();
  await behindProxy.close();
});

/**
 * Codes to as many different mailboxes from one address; the statuses answered. `forwarded`
 * names a different client in X-Forwarded-For for each request.
 */
async function flood(t: TestApp, n: number, forwarded = false): Promise<(string | undefined)[]> {
  const codes = [];
  for (let i = 0; i < n; i++) {
    const headers: Record<string, string> = forwarded
      ? { 'x-forwarded-for': `198.51.100.${i % 250}` }
      : {};
    const { status, body } = await call(
      t.app,
      'POST',
      'sms_mail',
      { email: `flood-${i}@example.com`, scene: 'register' },
      headers,
    );
    codes.push(status === 200 ? 'ok' : body.code);
  }
  return codes;
}

describe('codes per client address', () => {
  it('caps the codes one address asks for in an hour, across mailboxes', async () => {
    const answers = await flood(strict, CODES_PER_HOUR_PER_ADDRESS + 1);
    expect(answers.slice(0, -1).every((a) => a === 'ok')).toBe(true);
    expect(answers.at(-1)).toBe('CODE_LIMIT');
    strict.clock.advance(60 * 60_000 + 1);
    expect(await flood(strict, 1)).toEqual(['ok']);
  });

  it('lets an address named in RATE_LIMIT_ALLOW through, still one code a minute per mailbox', async () => {
    const answers = await flood(allowing, CODES_PER_HOUR_PER_ADDRESS + 1);
    expect(answers.every((a) => a === 'ok')).toBe(true);
    const again = await call(allowing.app, 'POST', 'sms_mail', {
      email: 'flood-0@example.com',
      scene: 'register',
    });
    expect(again.body.code).toBe('CODE_TOO_SOON');
  });
});

describe('forwarded client addresses', () => {
  it('ignores X-Forwarded-For unless the caller is a configured proxy (TRUST_PROXY)', async () => {
    // A caller naming a new address in each request is still one address.
    const answers = await flood(unproxied, CODES_PER_HOUR_PER_ADDRESS + 1, true);
    expect(answers.slice(0, -1).every((a) => a === 'ok')).toBe(true);
    expect(answers.at(-1)).toBe('CODE_LIMIT');
    // Behind a trusted proxy each forwarded client is counted on its own.
    const proxied = await flood(behindProxy, CODES_PER_HOUR_PER_ADDRESS + 1, true);
    expect(proxied.every((a) => a === 'ok')).toBe(true);
  });
});
