import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSecurity, users } from '@hx/db';
import { call } from '../../test/harness.ts';
import { mailOf, type Message, type Notice, type Sender } from '../mail/senders.ts';
import { auth, moneyApp, PAY, seedUser, type MoneyApp } from '../wallet/test-kit.ts';
import { withAntiPhishing } from '../mail/anti-phishing.ts';

let t: MoneyApp;
beforeAll(async () => {
  t = await moneyApp();
});
afterAll(() => t.close());

const setPhrase = (token: string, anti_phishing: string, pay_password = PAY, lang = 'en') =>
  call(t.app, 'POST', 'user/anti_phishing', { anti_phishing, pay_password }, auth(token, { lang }));

const outbox = async (to: string, lang = 'en') =>
  (await call(t.app, 'GET', 'dev/outbox', { to }, { lang })).body.message.list;

describe('the anti-phishing code', () => {
  it('is 4 to 20 letters, digits, - or _, set with the fund password', async () => {
    const user = await seedUser(t, { pay: true });
    const refused: [string, string, string][] = [
      ['', 'ANTI_PHISHING_REQUIRED', 'Please enter an anti-phishing code'],
      [
        'abc',
        'ANTI_PHISHING_INVALID',
        'The anti-phishing code must be 4 to 20 letters, digits, - or _',
      ],
      [
        'has space',
        'ANTI_PHISHING_INVALID',
        'The anti-phishing code must be 4 to 20 letters, digits, - or _',
      ],
      [
        'a'.repeat(21),
        'ANTI_PHISHING_INVALID',
        'The anti-phishing code must be 4 to 20 letters, digits, - or _',
      ],
      [
        '<b>link</b>',
        'ANTI_PHISHING_INVALID',
        'The anti-phishing code must be 4 to 20 letters, digits, - or _',
      ],
    ];
    for (const [phrase, code, message] of refused)
      expect([phrase, (await setPhrase(user.token, phrase)).body]).toEqual([
        phrase,
        { type: 'error', code, message },
      ]);
    expect((await setPhrase(user.token, 'Blue-Heron42', '000000')).body.code).toBe(
      'PAY_PASSWORD_WRONG',
    );
    const state = await call(t.app, 'GET', 'user/security', {}, auth(user.token));
    expect(state.body.message.anti_phishing).toBeNull();

    const set = await setPhrase(user.token, ' Blue-Heron42 ');
    expect(set.status).toBe(200);
    // Shown to its owner with the middle hidden: a stolen session does not hand it to a forger.
    expect(set.body.message.anti_phishing).toBe('Bl********42');
    expect((await setPhrase(user.token, '蓝色苍鹭')).body.message.anti_phishing).toBe('蓝**鹭');
    expect((await setPhrase(user.token, 'นกกระสา')).status).toBe(200);
  });

  it('heads every mail the platform sends the user, in the mail’s language', async () => {
    const user = await seedUser(t, { pay: true });
    await call(t.app, 'POST', 'sms_mail', { email: user.email, scene: 'security' });
    expect((await outbox(user.email))[0].text).not.toContain('Anti-phishing');

    await setPhrase(user.token, 'Blue-Heron42');
    t.clock.advance(61_000);
    await call(t.app, 'POST', 'sms_mail', { email: user.email, scene: 'security' });
    const [mail] = await outbox(user.email);
    expect(mail.text).toBe(
      `Anti-phishing code: Blue-Heron42\n\nYour code is ${mail.code}. It expires in 10 minutes. Never share it with anyone.`,
    );
    expect((await outbox(user.email, 'zh'))[0].text).toMatch(
      /^防钓鱼码：Blue-Heron42\n\n您的验证码是 \d{6}/,
    );
  });

  it('is stamped on mails and notices when they are sent, and never on an SMS', async () => {
    const email = `phrase-${Date.now()}@example.com`;
    const [user] = await t.db
      .insert(users)
      .values({
        email,
        areaCode: '86',
        phone: '13900000042',
        nickname: 'both',
        passwordHash: 'x',
        inviteCode: `AP${Date.now() % 1e8}`,
      })
      .returning({ id: users.id });
    await t.db.insert(accountSecurity).values({ userId: user!.id, antiPhishing: 'Kestrel_7' });

    const sent: (Message | Notice)[] = [];
    const capture: Sender = {
      async send(message) {
        sent.push(message);
      },
      async notice(notice) {
        sent.push(notice);
      },
    };
    const sender = withAntiPhishing(capture, t.db);
    const code = { scene: 'security', code: '123456', lang: 'en' } as const;
    await sender.send({ ...code, channel: 'mail', destination: email.toUpperCase() });
    await sender.send({ ...code, channel: 'sms', destination: '8613900000042' });
    await sender.notice!({ destination: email, lang: 'en', title: 'New device', body: 'A login' });

    expect(sent.map((m) => m.antiPhishing)).toEqual(['Kestrel_7', null, 'Kestrel_7']);
    expect(mailOf(sent[2] as Notice)).toEqual({
      subject: 'New device',
      text: 'Anti-phishing code: Kestrel_7\n\nA login',
    });
    expect(mailOf(sent[1] as Message).text).not.toContain('Kestrel_7');

    // Through the API: the SMS in the demo outbox is the code alone.
    await call(t.app, 'POST', 'sms_send', {
      phone: '13900000042',
      area_code: '86',
      scene: 'security',
    });
    const [sms] = await outbox('8613900000042');
    expect(sms).toMatchObject({ scene: 'security', code: expect.stringMatching(/^\d{6}$/) });
    expect(JSON.stringify(sms)).not.toContain('Kestrel_7');
  });
});
