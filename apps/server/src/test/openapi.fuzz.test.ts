// Every route of the served OpenAPI document fed malformed input, as a logged-in user (operator
// routes as an admin): no answer may be a 5xx, and no balance may move.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count } from 'drizzle-orm';
import { journalEntries, ledgerAccounts } from '@hx/db';
import { checkLedger } from '@hx/ledger';
import {
  adminToken,
  auth,
  deposit,
  moneyApp,
  seedAddress,
  seedUser,
  type MoneyApp,
} from '../modules/wallet/test-kit.ts';

/** What a careless or hostile client sends instead of a value. */
const NASTY: unknown[] = [
  'a\u0000b',
  '\ud800',
  'x'.repeat(50_000),
  '',
  -1,
  -0.000001,
  1e308,
  'NaN',
  '-Infinity',
  '1e400',
  '0x1f',
  '9'.repeat(40),
  '1.23456789012345678901',
  [],
  ['1', '2'],
  { $gt: '' },
  null,
  true,
  "' OR 1=1 --",
  '../../../etc/passwd',
  '😀',
];

/** JSON nested `levels` deep around `inner` (a text: JSON.stringify would recurse as deep). */
const nested = (levels: number, inner = '1') => '['.repeat(levels) + inner + ']'.repeat(levels);
const DEEP = 10_000;

/** Routes whose bare call is a real action the fuzz must not take. */
const SKIP = new Set([
  'POST /api/user/logout', // would end the fuzzing session
  'POST /api/admin/logout',
  'POST /api/wallet/demo_funds', // a top-up needs no input: it would move a balance by design
]);

interface Operation {
  parameters?: { name: string; in: 'path' | 'query' | 'header' }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
/** A path segment; half a surrogate pair goes as the bytes it would be (not valid UTF-8). */
const segment = (value: unknown) => {
  try {
    return encodeURIComponent(text(value));
  } catch {
    return '%ED%A0%80';
  }
};

let t: MoneyApp;
let userToken: string;
let adminTok: string;
beforeAll(async () => {
  // Requests all come from one address here: the request limits would answer most of them.
  t = await moneyApp({ rateLimitAllow: ['127.0.0.1'] });
  adminTok = await adminToken(t);
  const user = await seedUser(t, { kyc: true, pay: true });
  await seedAddress(t, user.id);
  await deposit(t.app, user, adminTok, '100');
  userToken = user.token;
});
afterAll(() => t.close());

const booksOf = async () => ({
  accounts: await t.db
    .select({ id: ledgerAccounts.id, a: ledgerAccounts.available, f: ledgerAccounts.frozen })
    .from(ledgerAccounts)
    .orderBy(asc(ledgerAccounts.id)),
  entries: (await t.db.select({ n: count() }).from(journalEntries))[0]!.n,
});

describe('every route with malformed input', () => {
  it('never answers 5xx and moves no balance', { timeout: 180_000 }, async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const before = await booksOf();
    const failures: string[] = [];
    let sent = 0;

    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const verb = method.toUpperCase();
        if (SKIP.has(`${verb} ${path}`)) continue;
        const token = path.startsWith('/api/admin/') ? adminTok : userToken;
        const params = op.parameters ?? [];
        const fields = Object.keys(
          op.requestBody?.content?.['application/json']?.schema?.properties ?? {},
        );
        const send = async (
          value: unknown,
          shape: 'json' | 'form' | 'raw' = 'json',
          id?: string,
        ) => {
          const url = path.replace(/\{(\w+)\}/g, () => id ?? segment(value));
          const query = new URLSearchParams();
          for (const p of params.filter((p) => p.in === 'query')) {
            for (const item of Array.isArray(value) ? value : [value])
              query.append(p.name, text(item));
          }
          const body = Object.fromEntries(fields.map((f) => [f, value]));
          const payload =
            verb === 'GET'
              ? undefined
              : shape === 'raw'
                ? String(value)
                : shape === 'form'
                  ? new URLSearchParams(
                      Object.entries(body).map(([k, v]): [string, string] => [k, text(v)]),
                    ).toString()
                  : JSON.stringify(body);
          const response = await t.app.inject({
            method: verb as 'GET',
            url: `${url}${query.size ? `?${query}` : ''}`,
            headers: {
              ...auth(token),
              'idempotency-key': `fuzz-${sent}`,
              ...(payload !== undefined && {
                'content-type':
                  shape === 'form' ? 'application/x-www-form-urlencoded' : 'application/json',
              }),
            },
            payload,
          });
          sent++;
          if (response.statusCode >= 500)
            failures.push(
              `${verb} ${path} ${shape} ${JSON.stringify(text(value).slice(0, 40))} → ${response.statusCode} ${response.body.slice(0, 200)}`,
            );
        };
        await send(undefined); // nothing at all: every field missing
        // An empty body to an update of a real row (PUT operators/1 with {} was a 500); not to
        // other verbs: a bare POST to a real id is an action (a pass, a revoke) taken for real.
        if (verb === 'PUT') await send(undefined, 'json', '1');
        for (const value of NASTY) await send(value);
        if (verb !== 'GET') {
          await send('a\u0000b', 'form');
          await send('{"unterminated', 'raw');
          await send('[1,2,3]', 'raw');
          await send('', 'raw'); // an empty body said to be JSON
          // Nested 10,000 deep, the whole body and each field (a stack overflow once), to an id
          // that may exist: the body is refused before any handler runs.
          await send(nested(DEEP, '{}'), 'raw', '1');
          if (fields.length > 0) {
            const each = fields.map((f) => `${JSON.stringify(f)}:${nested(DEEP)}`);
            await send(`{${each.join(',')}}`, 'raw', '1');
          }
        }
      }
    }

    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
    // The session held all along (the requests were answered as the user and the operator).
    expect(
      (await t.app.inject({ url: '/api/user/center', headers: auth(userToken) })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ url: '/api/admin/me', headers: auth(adminTok) })).statusCode).toBe(
      200,
    );
    expect(await booksOf()).toEqual(before);
    expect((await checkLedger(t.db)).balanced).toBe(true);
  });
});
