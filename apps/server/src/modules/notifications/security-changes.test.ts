import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { notifications, sessions } from '@hx/db';
import { mailOf, type Notice } from '../mail/senders.ts';
import { withAntiPhishing } from '../mail/anti-phishing.ts';
import { codeNow, enableTwoFactor, nextCode } from '../two-factor/test-kit.ts';
import { auth, moneyApp, PAY, seedUser, type MoneyApp, type TestUser } from '../wallet/test-kit.ts';
import { call } from '../../test/harness.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';

const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Firefox/125.0';
const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36';

let t: MoneyApp;
const mails: Notice[] = [];
beforeAll(async () => {
  t = await moneyApp();
  // As if SMTP were configured; the anti-phishing code is stamped as the real sender stamps it.
  const capture = {
    send: async () => undefined,
    notice: async (notice: Notice) => void mails.push(notice),
  };
  t.app.sender.notice = withAntiPhishing(capture, t.db).notice!;
});
afterAll(() => t.close());
beforeEach(() => {
  mails.length = 0;
});

const PHRASE = 'Blue-Heron42';

/** A user with a fund password and an anti-phishing code (which itself is told). */
async function guarded(): Promise<TestUser> {
  const user = await seedUser(t, { pay: true });
  const set = await call(
    t.app,
    'POST',
    'user/anti_phishing',
    { anti_phishing: PHRASE, pay_password: PAY },
    auth(user.token),
  );
  expect(set.status).toBe(200);
  await vi.waitFor(() => expect(mails).toHaveLength(1));
  mails.length = 0;
  return user;
}

/** The user logged in elsewhere too: a session of its own, from `agent` at a documentation address. */
async function anotherSession(user: TestUser, agent: string): Promise<string> {
  const token = newToken();
  await t.db
    .insert(sessions)
    .values({ userId: user.id, tokenHash: sha256(token), userAgent: agent, ip: '203.0.113.9' });
  return token;
}

async function told(user: TestUser, kind: string) {
  const { body } = await call(t.app, 'GET', 'notifications', { limit: '100' }, auth(user.token));
  return (body.message.list as { kind: string; title: string; body: string }[]).filter(
    (n) => n.kind === kind,
  );
}

/** The one notification of `kind`, and the one mail saying the same, headed by the phrase. */
async function toldInBellAndMail(user: TestUser, kind: string) {
  const [notification, ...more] = await told(user, kind);
  expect(more).toHaveLength(0);
  expect(notification).toBeDefined();
  await vi.waitFor(() => expect(mails).toHaveLength(1));
  expect(mails[0]).toMatchObject({
    destination: user.email,
    title: notification!.title,
    body: notification!.body,
  });
  expect(mailOf(mails[0]!).text).toBe(`Anti-phishing code: ${PHRASE}\n\n${notification!.body}`);
  mails.length = 0;
  return notification!;
}

describe('a change to what protects the account', () => {
  it('setting the anti-phishing code is told, the mail already headed by the new code', async () => {
    const user = await seedUser(t, { pay: true });
    await call(
      t.app,
      'POST',
      'user/anti_phishing',
      { anti_phishing: PHRASE, pay_password: PAY },
      auth(user.token),
    );
    const told = await toldInBellAndMail(user, 'security_anti_phishing_set');
    expect(told.title).toBe('Anti-phishing code set');
    // Neither text gives the code away: only the mail's heading carries it.
    expect(told.body).not.toContain(PHRASE);
  });

  it('turning the authenticator on and off is told each time', async () => {
    const user = await guarded();
    const { secret } = await enableTwoFactor(t, user.token);
    expect((await toldInBellAndMail(user, 'security_two_factor_on')).title).toBe(
      'Authenticator turned on',
    );
    const off = await call(
      t.app,
      'POST',
      'user/2fa/disable',
      { code: nextCode(t, secret) },
      auth(user.token),
    );
    expect(off.status).toBe(200);
    expect((await toldInBellAndMail(user, 'security_two_factor_off')).body).toContain(
      'withdrawals are paused for 24 hours',
    );
  });

  it('a wrong code turns nothing on or off and tells nothing', async () => {
    const user = await guarded();
    const { secret } = await enableTwoFactor(t, user.token);
    await toldInBellAndMail(user, 'security_two_factor_on');
    const wrong = String((Number(codeNow(t, secret)) + 1) % 1_000_000).padStart(6, '0');
    const refused = await call(
      t.app,
      'POST',
      'user/2fa/disable',
      { code: wrong },
      auth(user.token),
    );
    expect(refused.body.code).toBe('TWO_FACTOR_INVALID');
    expect(await told(user, 'security_two_factor_off')).toHaveLength(0);
    expect(mails).toHaveLength(0);
  });

  it('asking the whitelist to turn off is told with when it turns off, once', async () => {
    const user = await guarded();
    const whitelist = (on: '0' | '1') =>
      call(t.app, 'POST', 'user/whitelist', { on, pay_password: PAY }, auth(user.token));
    expect((await whitelist('1')).status).toBe(200);
    expect(await told(user, 'security_whitelist_off_requested')).toHaveLength(0);
    const off = await whitelist('0');
    const offAt = off.body.message.whitelist.off_at as number;
    const minute = new Date(Math.ceil(offAt / 60_000) * 60_000).toISOString();
    const notice = await toldInBellAndMail(user, 'security_whitelist_off_requested');
    expect(notice.body).toContain(
      `turns off at ${minute.slice(0, 10)} ${minute.slice(11, 16)} UTC`,
    );
    // Asking again while it waits changes nothing, so tells nothing.
    await whitelist('0');
    expect(await told(user, 'security_whitelist_off_requested')).toHaveLength(1);
    expect(mails).toHaveLength(0);
  });

  it('creating and deleting an API key is told with its label', async () => {
    const user = await guarded();
    const created = await call(
      t.app,
      'POST',
      'user/api_keys',
      { label: 'grid bot', permissions: 'read' },
      auth(user.token),
    );
    expect(created.status).toBe(200);
    expect((await toldInBellAndMail(user, 'security_api_key_created')).body).toContain(
      '\u201cgrid bot\u201d was created',
    );
    const deleted = await call(
      t.app,
      'POST',
      `user/api_keys/${created.body.message.id}/delete`,
      {},
      auth(user.token),
    );
    expect(deleted.status).toBe(200);
    expect((await toldInBellAndMail(user, 'security_api_key_deleted')).body).toContain(
      '\u201cgrid bot\u201d was deleted',
    );
  });

  it('logging another device out, or all of them, is told; logging oneself out is not', async () => {
    const user = await guarded();
    const laptop = await anotherSession(user, LAPTOP);
    await anotherSession(user, PHONE);
    const list = async () =>
      (await call(t.app, 'GET', 'user/sessions', {}, auth(user.token))).body.message.list as {
        id: number;
        agent: string | null;
      }[];
    const id = (await list()).find((s) => s.agent === LAPTOP)!.id;
    expect(
      (await call(t.app, 'POST', `user/sessions/${id}/revoke`, {}, auth(user.token))).status,
    ).toBe(200);
    expect((await call(t.app, 'GET', 'user/center', {}, auth(laptop))).status).toBe(401);
    expect((await toldInBellAndMail(user, 'security_device_logged_out')).body).toBe(
      "Firefox · Windows (IP 203.0.113.9) was logged out of your account from another device. If this wasn't you, change your password right away.",
    );

    const all = await call(t.app, 'POST', 'user/sessions/revoke_others', {}, auth(user.token));
    expect(all.body).toEqual({ type: 'ok', message: { count: 1 } });
    expect((await toldInBellAndMail(user, 'security_other_devices_logged_out')).body).toContain(
      'Every other device was logged out of your account (1)',
    );
    // Nothing left to end: nothing ended, nothing told.
    const none = await call(t.app, 'POST', 'user/sessions/revoke_others', {}, auth(user.token));
    expect(none.body.message).toEqual({ count: 0 });
    expect(await told(user, 'security_other_devices_logged_out')).toHaveLength(1);

    const [own] = await list();
    expect(
      (await call(t.app, 'POST', `user/sessions/${own!.id}/revoke`, {}, auth(user.token))).status,
    ).toBe(200);
    expect(mails).toHaveLength(0);
    expect(
      (await t.db.select().from(notifications).where(eq(notifications.userId, user.id))).filter(
        (n) => n.kind === 'security_device_logged_out',
      ),
    ).toHaveLength(1);
  });
});
