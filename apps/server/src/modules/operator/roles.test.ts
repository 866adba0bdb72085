import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRole } from '@hx/protocol';
import { freshDatabase, type Database } from '@hx/db';
import { app as server, type App } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { manualClock } from '../../lib/clock.ts';
import { seed } from '../../seed.ts';
import { adminToken, auth, seedUser, TEST_PRICES, type MoneyApp } from '../wallet/test-kit.ts';

/**
 * The role matrix over EVERY operator route: routes are collected as Fastify registers them, so
 * a route added later is walked too, and fails here until its roles are declared below.
 */

type Rights = 'any' | 'review' | 'support' | 'admin' | 'public';
const RIGHTS: Record<Exclude<Rights, 'public'>, readonly AdminRole[]> = {
  any: ['admin', 'reviewer', 'support'],
  review: ['admin', 'reviewer'],
  support: ['admin', 'support'],
  admin: ['admin'],
};

/** Who may call a route, by the product's rules (spec: admin everything; reviewer KYC and
 * money; support chat, feedback, content). First match wins. */
const RULES: [RegExp, Rights][] = [
  [/^POST \/admin\/login(\/2fa(\/setup|\/enable)?)?$/, 'public'],
  [/^(GET|POST) \/admin\/(2fa(\/setup|\/enable|\/disable)?|sessions(\/:id\/revoke)?)$/, 'any'],
  [/^GET \/admin\/config\/four-eyes$/, 'review'],
  [/^(GET|POST) \/admin\/(me|logout|dashboard)$/, 'any'],
  [/^GET \/admin\/users(\/:id)?$/, 'any'],
  [/^POST \/admin\/users\/:id\/(freeze|unfreeze|sessions\/revoke)$/, 'admin'],
  [/^POST \/admin\/users\/:id\/passkeys\/:passkey\/delete$/, 'admin'],
  [/^(GET|POST) \/admin\/(deposits|withdrawals|kyc)(\/:id\/(pass|reject))?$/, 'review'],
  [/^GET \/admin\/(ledger\/check|subscriptions|chain)$/, 'review'],
  [/^POST \/admin\/subscriptions\/:id\/(pass|reject)$/, 'review'],
  [/^GET \/admin\/outbox$/, 'support'],
  [/^\w+ \/admin\/(content|feedback|chat)\//, 'support'],
  [/^GET \/admin\/feedback$/, 'support'],
  [/^\w+ \/admin\/(audit|audit\/search|operators|config)(\/|$)/, 'admin'],
  [/^POST \/admin\/por\/snapshot$/, 'admin'],
  [/^\w+ \/admin\/maker(\/|$)/, 'admin'],
  [/^\w+ \/admin\/bots(\/|$)/, 'admin'],
  [/^GET \/admin\/index$/, 'admin'],
  [/^(GET|POST) \/admin\/monitor\/(alerts|mail)$/, 'any'],
  [/^\w+ \/admin\/monitor\/settings$/, 'admin'],
];

const rightsOf = (route: string): Rights | undefined => RULES.find(([re]) => re.test(route))?.[1];

let fastify: App;
let database: Database;
let dataDir: string;
const routes: { method: string; url: string }[] = [];
const tokens: Record<string, string> = {};

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'hx-roles-'));
  const config = { ...loadConfig({}), dataDir };
  database = await freshDatabase();
  await seed(database.db, config);
  fastify = Fastify({ logger: false });
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD' && route.url.startsWith('/api/admin'))
        routes.push({ method, url: route.url.slice('/api'.length) });
  });
  await fastify.register(fp(server), {
    config,
    database,
    clock: manualClock(new Date()),
    prices: TEST_PRICES,
  });
  await fastify.ready();
  const t = { app: fastify, db: database.db } as MoneyApp;
  for (const role of ['admin', 'reviewer', 'support'] as const)
    tokens[role] = await adminToken(t, role);
  tokens.user = (await seedUser(t)).token;
});
afterAll(async () => {
  await fastify.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const SAMPLE: Record<string, string> = {
  id: '999999',
  symbol: 'ZZZUSDT',
  seconds: '999999',
  n: '0',
  network: 'TRC20',
};

async function hit(method: string, url: string, headers: Record<string, string>) {
  const path = url.replace(/:(\w+)/g, (_, name: string) => SAMPLE[name] ?? '1');
  const response = await fastify.inject({
    method: method as 'GET',
    url: `/api${path}`,
    headers: method === 'GET' ? headers : { 'content-type': 'application/json', ...headers },
    payload: method === 'GET' ? undefined : '{}',
  });
  // An export answers in lines of JSON (NDJSON), not one JSON body.
  const json = String(response.headers['content-type']).startsWith('application/json');
  return {
    status: response.statusCode,
    code: json ? (response.json() as { code?: string }).code : undefined,
  };
}

describe('operator role matrix', () => {
  it('finds the operator routes of every module', () => {
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      'POST /admin/deposits/:id/pass',
      'GET /admin/dashboard',
      'PUT /admin/config/spot-pairs/:symbol',
      'GET /admin/config/coins/:id/networks',
      'PUT /admin/config/coins/:id/networks/:network',
      'GET /admin/chat/conversations',
      'GET /admin/feedback',
      'POST /admin/subscriptions/:id/pass',
      'POST /admin/subscriptions/:id/reject',
      'POST /admin/config/subscription-projects',
    ])
      expect(keys).toContain(expected);
    expect(routes.length).toBeGreaterThan(40);
  });

  it('declares who may call each operator route', () => {
    const undeclared = routes.map((r) => `${r.method} ${r.url}`).filter((k) => !rightsOf(k));
    expect(undeclared).toEqual([]);
  });

  it('answers 401 without an operator token, 403 to a role without the right, and lets the right roles in', async () => {
    const wrong: string[] = [];
    // Logging out ends the token used: walk it last.
    const ordered = [...routes].sort(
      (a, b) => Number(a.url.endsWith('/logout')) - Number(b.url.endsWith('/logout')),
    );
    for (const { method, url } of ordered) {
      const key = `${method} ${url}`;
      const rights = rightsOf(key);
      if (!rights || rights === 'public') continue;
      for (const [who, headers] of [
        ['none', {}],
        ['user', auth(tokens.user!)],
      ] as const) {
        const got = await hit(method, url, headers);
        if (got.status !== 401 || got.code !== 'UNAUTHENTICATED')
          wrong.push(`${key} ${who}: ${got.status}`);
      }
      for (const role of ['admin', 'reviewer', 'support'] as const) {
        const allowed = RIGHTS[rights].includes(role);
        const got = await hit(method, url, auth(tokens[role]!));
        const ok = allowed
          ? got.status !== 403 && got.status !== 401
          : got.status === 403 && got.code === 'FORBIDDEN';
        if (!ok) wrong.push(`${key} ${role}: ${got.status} ${got.code ?? ''}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
