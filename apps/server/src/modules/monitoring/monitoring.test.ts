import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { natsBus } from '../../lib/bus.ts';
import type { Notice } from '../mail/sender.ts';
import { soleOwner } from '../../lib/ownership.ts';
import { call, testApp } from '../../test/harness.ts';
import { freePort } from '../../test/free-port.ts';
import { until } from '../../test/cluster-kit.ts';
import {
  adminToken,
  auth,
  expectBalanced,
  moneyApp,
  PAY,
  payee,
  type MoneyApp,
} from '../wallet/test-kit.ts';

interface Posted {
  status: string;
  version: string;
  alerts: {
    status: string;
    labels: Record<string, string>;
    annotations: { summary: string };
    startsAt: string;
    endsAt: string;
  }[];
}

/** A local webhook receiver on a free port: what it was posted, in order. */
let receiver: Server;
let webhookUrl: string;
const posted: Posted[] = [];
beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.headers['content-type'] === 'application/json') posted.push(JSON.parse(body));
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  webhookUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hook`;
});
afterAll(() => new Promise((resolve) => receiver.close(resolve)));

const about = (rule: string) => posted.filter((p) => p.alerts[0]!.labels.alertname === rule);

describe('alert rules on the platform', () => {
  let t: MoneyApp;
  let admin: string;
  beforeAll(async () => {
    t = await moneyApp({ rateLimitAllow: ['127.0.0.1'], alertWebhookUrl: webhookUrl });
    admin = await adminToken(t, 'admin');
  });
  afterAll(() => t.close());

  const json = (method: 'PUT' | 'POST', url: string, payload: object) =>
    t.app.inject({ method, url: `/api/admin/${url}`, headers: auth(admin), payload });

  it('fires once for a withdrawal waiting past its bound, repeats on schedule, resolves', async () => {
    const bounds = {
      withdrawal_wait_minutes: 30,
      deposit_wait_minutes: 60,
      watcher_stall_seconds: 300,
      index_stale_seconds: 60,
      disk_free_min_percent: 1,
      job_late_intervals: 3,
      repeat_minutes: 60,
    };
    expect((await json('PUT', 'monitor/settings', bounds)).statusCode).toBe(200);
    expect((await json('POST', 'monitor/mail', { on: true })).json().message).toEqual({
      mailed: true,
    });
    const user = await payee(t, admin, '500');
    const out = await call(
      t.app,
      'POST',
      'wallet/out',
      { currency_id: '3', address_id: String(user.addressId), number: '100', pay_password: PAY },
      auth(user.token),
    );
    expect(out.status).toBe(200);
    await t.app.monitoring.runOnce();
    expect(about('withdrawal_waiting')).toEqual([]);

    t.clock.advance(31 * 60_000);
    await t.app.monitoring.runOnce();
    await t.app.monitoring.runOnce(); // still firing: not told again yet
    const [fired] = about('withdrawal_waiting');
    expect(about('withdrawal_waiting')).toHaveLength(1);
    expect(fired).toMatchObject({ version: '4', status: 'firing' });
    expect(fired!.alerts[0]).toMatchObject({
      status: 'firing',
      labels: { alertname: 'withdrawal_waiting', severity: 'warning' },
      endsAt: '0001-01-01T00:00:00Z',
    });
    expect(fired!.alerts[0]!.annotations.summary).toMatch(
      /1 withdrawal\(s\) waiting, the oldest for 31 min/,
    );
    const shown = await call(t.app, 'GET', 'admin/monitor/alerts', {}, auth(admin));
    expect(shown.body.message.firing.map((a: { rule: string }) => a.rule)).toEqual([
      'withdrawal_waiting',
    ]);
    expect(shown.body.message.mailed).toBe(true);

    t.clock.advance(60 * 60_000);
    await t.app.monitoring.runOnce();
    expect(about('withdrawal_waiting').map((p) => p.status)).toEqual(['firing', 'firing']);
    expect(about('withdrawal_waiting')[1]!.alerts[0]!.startsAt).toBe(fired!.alerts[0]!.startsAt);

    const rejected = await call(
      t.app,
      'POST',
      `admin/withdrawals/${out.body.message.id}/reject`,
      { reason: 'test' },
      auth(admin),
    );
    expect(rejected.status).toBe(200);
    await t.app.monitoring.runOnce();
    const resolved = about('withdrawal_waiting')[2]!;
    expect(resolved.status).toBe('resolved');
    expect(resolved.alerts[0]!.endsAt).not.toBe('0001-01-01T00:00:00Z');
    const after = await call(t.app, 'GET', 'admin/monitor/alerts', {}, auth(admin));
    expect(after.body.message.firing).toEqual([]);
    expect(after.body.message.resolved[0]).toMatchObject({ rule: 'withdrawal_waiting' });
    await expectBalanced(t.app, admin);
  });
});

/** nats-server on `port`, ended by its id. */
async function natsServer(port: number): Promise<ChildProcess> {
  const child = spawn('/usr/sbin/nats-server', ['-a', '127.0.0.1', '-p', String(port)], {
    stdio: 'ignore',
  });
  const listening = () =>
    new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
  await until(listening, 10_000, 'the NATS server');
  return child;
}

const kill = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    process.kill(child.pid!, 'SIGKILL');
  });

describe('alert rules on the process', () => {
  let port: number;
  let nats: ChildProcess;
  let t: Awaited<ReturnType<typeof testApp>>;
  /** Mails the sender was given: to the operator who opted in. */
  const mails: Notice[] = [];
  beforeAll(async () => {
    port = await freePort();
    nats = await natsServer(port);
    const log = Fastify({ logger: false }).log;
    t = await testApp(
      { alertWebhookUrl: webhookUrl },
      {
        bus: await natsBus(`nats://127.0.0.1:${port}`, log),
        ownership: soleOwner(log),
        sender: { send: async () => {}, notice: async (n) => void mails.push(n) },
      },
    );
    const admin = await adminToken(t, 'admin');
    const on = await t.app.inject({
      method: 'POST',
      url: '/api/admin/monitor/mail',
      headers: auth(admin),
      payload: { on: true },
    });
    expect(on.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await kill(nats);
  });

  const ready = async () => {
    const response = await t.app.inject({ url: '/api/health/ready' });
    return { code: response.statusCode, reasons: response.json<{ reasons: string[] }>().reasons };
  };
  const told = async () => {
    await t.app.monitoring.runOnce();
    return about('nats_lost').map((p) => p.status);
  };

  it('fires when NATS is lost and resolves when it is back; ready says so meanwhile', async () => {
    // Clustered: ready only once some process leads the market (this one, a stand-in).
    expect(await ready()).toMatchObject({ code: 503, reasons: ['market: no leader known'] });
    t.app.ownership.claim('market', { gained: async () => {}, lost: () => {} });
    expect(await ready()).toMatchObject({ code: 200, reasons: [] });

    await kill(nats);
    await expect
      .poll(ready, { timeout: 10_000 })
      .toMatchObject({ code: 503, reasons: ['bus: cut off from NATS'] });
    await expect.poll(told, { timeout: 15_000, interval: 500 }).toEqual(['firing']);
    expect(about('nats_lost')[0]!.alerts[0]!.labels).toMatchObject({ severity: 'critical' });

    nats = await natsServer(port);
    await expect.poll(told, { timeout: 15_000, interval: 250 }).toEqual(['firing', 'resolved']);
    expect(await ready()).toMatchObject({ code: 200, reasons: [] });
    expect(mails.map((m) => [m.destination, m.title])).toEqual([
      ['admin@demo.local', '[FIRING] nats_lost: nats'],
      ['admin@demo.local', '[RESOLVED] nats_lost: nats'],
    ]);
  }, 30_000);
});
