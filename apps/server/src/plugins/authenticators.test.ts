import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { users } from '@hx/db';
import { AppError } from '../lib/errors.ts';
import { call, registerEmail, testApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

describe('authenticators registered with the auth plugin', () => {
  it('identify a request they claim, alone: a claimed request never falls back to its token', async () => {
    const me = await registerEmail(t.app, 'claimed@example.com');
    const other = await registerEmail(t.app, 'token-holder@example.com');
    t.app.addAuthenticator({
      claims: (request) => 'x-test-credential' in request.headers,
      async verify(request) {
        const id = Number(request.headers['x-test-credential']);
        const [user] = await t.app.db.select().from(users).where(eq(users.id, id));
        if (!user) throw new AppError('API_KEY_INVALID');
        return { user, apiKey: { id: 0, permissions: 'read' } };
      },
    });
    const claimed = { 'x-test-credential': String(me.user.id) };
    const center = await call(t.app, 'GET', 'user/center', {}, claimed);
    expect([center.status, center.body.message.account]).toEqual([200, 'claimed@example.com']);
    const refused = await call(
      t.app,
      'GET',
      'user/center',
      {},
      {
        'x-test-credential': '999999',
        authorization: other.token,
      },
    );
    expect([refused.status, refused.body.code]).toEqual([401, 'API_KEY_INVALID']);
    // Requests without the credential are the session's, as before.
    const mine = await call(t.app, 'GET', 'user/center', {}, { authorization: other.token });
    expect(mine.body.message.account).toBe('token-holder@example.com');
    expect((await call(t.app, 'GET', 'user/center')).status).toBe(401);
  });

  it('plugins import nothing from modules: modules register with them', () => {
    const dir = import.meta.dirname;
    const sources = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    expect(sources).toContain('auth.ts');
    for (const file of sources) {
      const text = readFileSync(join(dir, file), 'utf8');
      expect(text, file).not.toMatch(/from '\.\.\/modules\//);
    }
  });
});
