import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@hx/db';
import { call } from '../../test/harness.ts';
import { freePort } from '../../test/free-port.ts';
import {
  adminToken,
  auth,
  expectBalanced,
  moneyApp,
  PAY,
  payee,
  type MoneyApp,
} from '../wallet/test-kit.ts';

const TOKEN = 'scrape-token-0123456789';

let t: MoneyApp;
let admin: string;
let base: string;
beforeAll(async () => {
  t = await moneyApp({
    rateLimitAllow: ['127.0.0.1'],
    metricsAllow: ['10.1.0.0/16'],
    metricsToken: TOKEN,
  });
  admin = await adminToken(t, 'admin');
  // Money moved (a deposit passed) and a withdrawal left waiting.
  const user = await payee(t, admin, '500');
  const out = await call(
    t.app,
    'POST',
    'wallet/out',
    { currency_id: '3', address_id: String(user.addressId), number: '100', pay_password: PAY },
    auth(user.token),
  );
  expect(out.status).toBe(200);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

/** Prometheus itself (Debian's package) scraping this app every second. */
async function prometheus(target: string) {
  const dir = mkdtempSync(join(tmpdir(), 'hx-prom-'));
  const port = await freePort();
  writeFileSync(
    join(dir, 'prometheus.yml'),
    [
      'global: { scrape_interval: 1s, evaluation_interval: 1s }',
      'scrape_configs:',
      '  - job_name: exchange',
      `    static_configs: [{ targets: ['${target}'] }]`,
    ].join('\n'),
  );
  const child: ChildProcess = spawn(
    '/usr/bin/prometheus',
    [
      `--config.file=${join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: 'ignore' },
  );
  const api = `http://127.0.0.1:${port}/api/v1`;
  return {
    async query(
      expr: string,
    ): Promise<{ metric: Record<string, string>; value: [number, string] }[]> {
      const response = await fetch(`${api}/query?query=${encodeURIComponent(expr)}`);
      const body = (await response.json()) as { data: { result: [] } };
      return body.data.result;
    },
    async targetUp(): Promise<boolean> {
      const response = await fetch(`${api}/targets`).catch(() => null);
      if (!response?.ok) return false;
      const body = (await response.json()) as { data: { activeTargets: { health: string }[] } };
      return body.data.activeTargets.some((target) => target.health === 'up');
    },
    stop() {
      child.kill('SIGTERM');
      return new Promise<void>((resolve) => {
        if (child.exitCode !== null) resolve();
        else child.once('exit', () => resolve());
      }).finally(() => rmSync(dir, { recursive: true, force: true }));
    },
  };
}

describe('metrics', () => {
  it('are scraped by Prometheus: requests per route, the ledger, queues, sockets, the bus', async () => {
    await call(t.app, 'GET', 'health');
    const prom = await prometheus(new URL(base).host);
    try {
      await expect.poll(() => prom.targetUp(), { timeout: 15_000, interval: 250 }).toBe(true);
      const series = async (expr: string) => {
        let result: Awaited<ReturnType<typeof prom.query>> = [];
        await expect
          .poll(async () => (result = await prom.query(expr)).length, { timeout: 5000 })
          .toBeGreaterThan(0);
        return result;
      };
      // Per route pattern (the withdrawal's id is not in it), method and status.
      const routes = await series('hx_http_request_duration_seconds_count');
      expect(routes.map((r) => r.metric.route)).toEqual(
        expect.arrayContaining(['/api/health', '/api/admin/deposits/:id/pass']),
      );
      expect(routes.every((r) => !/\/\d+\//.test(r.metric.route!))).toBe(true);
      const batches = await series('hx_ledger_batches_total');
      expect(Number(batches[0]!.value[1])).toBeGreaterThan(0);
      const waiting = await series('hx_pending_items{kind="withdrawal"}');
      expect(waiting[0]!.value[1]).toBe('1');
      await series('hx_pending_oldest_age_seconds{kind="kyc"}');
      await series('hx_ws_connections');
      const nats = await series('hx_nats_connected');
      expect(nats[0]!.value[1]).toBe('1');
      await series('hx_process_resident_memory_bytes');
    } finally {
      await prom.stop();
    }
    await expectBalanced(t.app, admin);
  }, 30_000);

  it('answers loopback, METRICS_ALLOW and the bearer token; others are refused', async () => {
    const scrape = (remoteAddress: string, authorization?: string) =>
      t.app.inject({
        url: '/metrics',
        remoteAddress,
        headers: authorization ? { authorization } : {},
      });
    expect((await scrape('127.0.0.1')).statusCode).toBe(200);
    expect((await scrape('10.1.2.3')).statusCode).toBe(200);
    expect((await scrape('10.2.0.1')).statusCode).toBe(403);
    expect((await scrape('203.0.113.9', `Bearer ${TOKEN}`)).statusCode).toBe(200);
    expect((await scrape('203.0.113.9', 'Bearer wrong-token-wrong-token')).statusCode).toBe(401);
  });
});

describe('health', () => {
  const ready = async () => {
    const response = await t.app.inject({ url: '/api/health/ready' });
    return {
      statusCode: response.statusCode,
      json: () => response.json<{ status: string; reasons: string[] }>(),
    };
  };

  it('is live and ready on a migrated database; not ready while a migration is missing', async () => {
    expect((await t.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
    expect((await ready()).json()).toEqual({ status: 'ready', reasons: [] });
    const [last] = rowsOf<{ id: number; hash: string; created_at: string }>(
      await t.db.execute(
        sql`select id, hash, created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      ),
    );
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
    try {
      const before = await ready();
      expect(before.statusCode).toBe(503);
      expect(before.json().reasons).toEqual(['migrations: 1 not applied']);
    } finally {
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at)
            values (${last!.id}, ${last!.hash}, ${last!.created_at}::bigint)`,
      );
    }
    expect((await ready()).statusCode).toBe(200);
  });

  it('reports not-ready while it drains', async () => {
    t.app.health.draining = true;
    try {
      const draining = await ready();
      expect(draining.statusCode).toBe(503);
      expect(draining.json().reasons).toEqual(['stopping']);
    } finally {
      t.app.health.draining = false;
    }
  });
});
