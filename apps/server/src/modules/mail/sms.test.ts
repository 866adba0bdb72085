import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { call, testApp, type TestApp } from '../../test/harness.ts';
import { loadConfig } from '../../config.ts';
import { smsTargetOf } from './config.ts';
import { smsSender } from './sms.ts';
import { deliveryFailures } from '../../lib/deliveries.ts';

const SID = `AC${'a1'.repeat(16)}`;
const TOKEN = 'twilio-auth-token-of-the-test';
const SECRET = 'webhook-secret-of-the-test';
const log = { warn: () => {}, error: () => {} } as unknown as FastifyBaseLogger;

interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A local stand-in of the provider: records each request and answers from `answers` in turn. */
function receiver() {
  const received: Received[] = [];
  const answers: { status: number; body: object }[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      const answer = answers.shift() ?? { status: 201, body: { sid: `SM${'0'.repeat(32)}` } };
      res.writeHead(answer.status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  return {
    received,
    answers,
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    start: () => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Checks a webhook request's signature as a receiver would: HMAC-SHA256 of "t.body". */
function signedBy(secret: string, request: Received): boolean {
  const header = String(request.headers['x-signature'] ?? '');
  const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header) ?? [];
  if (!t || !v1) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${request.body}`).digest();
  return timingSafeEqual(expected, Buffer.from(v1, 'hex'));
}

const message = {
  channel: 'sms' as const,
  destination: '8613800000000',
  scene: 'register' as const,
  code: '123456',
  lang: 'en' as const,
};

const provider = receiver();
beforeAll(() => provider.start());
afterAll(() => provider.stop());

describe('SMS_URL', () => {
  it('reads Twilio and webhook targets, and refuses anything else without repeating it', () => {
    expect(smsTargetOf(`twilio://${SID}:${TOKEN}@15005550006`)).toEqual({
      kind: 'twilio',
      accountSid: SID,
      authToken: TOKEN,
      from: '+15005550006',
    });
    expect(smsTargetOf('https://sms.example.com/send')).toEqual({
      kind: 'webhook',
      url: 'https://sms.example.com/send',
    });
    expect(() => smsTargetOf(`twilio://nope:${TOKEN}@1`)).toThrow(/twilio:\/\/ACCOUNT_SID/);
    expect(() => smsTargetOf(`twilio://nope:${TOKEN}@1`)).not.toThrow(TOKEN);
    expect(() => smsTargetOf('smtp://x')).toThrow(/SMS_URL/);
    // A webhook is only ever called signed.
    expect(() => loadConfig({ SMS_URL: 'https://sms.example.com/send' })).toThrow(
      /SMS_WEBHOOK_SECRET/,
    );
    expect(loadConfig({ SMS_URL: `twilio://${SID}:${TOKEN}@+15005550006` }).sms).toMatchObject({
      from: '+15005550006',
    });
  });
});

describe("Twilio's Messages API", () => {
  it('posts To, From and Body with basic auth, tried again after a 503', async () => {
    provider.received.length = 0;
    provider.answers.push({ status: 503, body: { code: 20500, message: 'busy' } });
    const sender = smsSender(smsTargetOf(`twilio://${SID}:${TOKEN}@15005550006`), {
      twilioApi: provider.url(),
      retryMs: [10, 10],
      log,
    });
    await sender.send(message);
    expect(provider.received).toHaveLength(2);
    const [, sent] = provider.received;
    expect(sent!.method).toBe('POST');
    expect(sent!.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(sent!.headers.authorization).toBe(
      `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`,
    );
    expect(sent!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(sent!.body);
    expect(form.get('To')).toBe('+8613800000000');
    expect(form.get('From')).toBe('+15005550006');
    expect(form.get('Body')).toBe(
      'Your code is 123456. It expires in 10 minutes. Never share it with anyone.',
    );
  });

  it('does not try again a request Twilio refused (a bad number)', async () => {
    provider.received.length = 0;
    provider.answers.push({
      status: 400,
      body: { code: 21211, message: "The 'To' number is not valid." },
    });
    const sender = smsSender(smsTargetOf(`twilio://${SID}:${TOKEN}@15005550006`), {
      twilioApi: provider.url(),
      retryMs: [10, 10],
      log,
    });
    await expect(sender.send(message)).rejects.toThrow(/HTTP 400 \(code 21211\)/);
    expect(provider.received).toHaveLength(1);
  });
});

describe('a phone registration in production, texted through the webhook', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await testApp({
      mode: 'production',
      sms: smsTargetOf(`${provider.url()}/sms`),
      smsWebhookSecret: SECRET,
    });
  });
  afterAll(() => prod.close());

  it('texts a signed code the user registers with; a provider that keeps failing says SEND_FAILED', async () => {
    provider.received.length = 0;
    const sent = await call(prod.app, 'POST', 'sms_send', {
      phone: '13800000002',
      area_code: '+86',
      scene: 'register',
    });
    expect(sent.status).toBe(200);
    const [request] = provider.received;
    expect(request!.path).toBe('/sms');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(signedBy(SECRET, request!)).toBe(true);
    expect(signedBy('another secret', request!)).toBe(false);
    const body = JSON.parse(request!.body) as { to: string; text: string; purpose: string };
    expect(body).toMatchObject({ to: '+8613800000002', purpose: 'register' });
    const code = /\b(\d{6})\b/.exec(body.text)![1]!;

    const registered = await call(prod.app, 'POST', 'user/register', {
      account: '13800000002',
      area_code: '86',
      code,
      password: 'secret123',
      re_password: 'secret123',
      agree: '1',
    });
    expect(registered.status).toBe(200);

    const before = deliveryFailures.sms;
    provider.answers.push(...[1, 2, 3].map(() => ({ status: 502, body: {} })));
    const failed = await call(prod.app, 'POST', 'sms_send', {
      phone: '13800000003',
      area_code: '+86',
      scene: 'register',
    });
    expect(failed.body.code).toBe('SEND_FAILED');
    expect(deliveryFailures.sms).toBe(before + 1);
    const metrics = await prod.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toContain(`hx_code_delivery_failures_total{channel="sms"} ${before + 1}`);
  }, 30_000);
});
