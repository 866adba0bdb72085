import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/harness.ts';
import { recordMoves, recordsApp } from './records-kit.ts';
import { adminToken, auth, expectBalanced, seedUser, type MoneyApp } from './test-kit.ts';

/** Who may read which record, what the API refuses, its OpenAPI description, and paging. */
let t: MoneyApp;
let clock: MoneyApp['clock'];
let admin: string;
beforeAll(async () => {
  t = await recordsApp();
  ({ clock } = t);
  admin = await adminToken(t);
  await tick('65000');
});
afterAll(() => t.close());
const { tick, post, records, detail, funded } = recordMoves(
  () => t,
  () => admin,
);

describe('asset records', () => {
  it("does not show another user's record, nor one of a kind that does not exist", async () => {
    const owner = await funded('50');
    const other = await seedUser(t);
    const [mine] = (await records(owner)).list;
    expect((await detail(owner, 'deposit', mine!.id)).body.message).toMatchObject({
      kind: 'deposit',
      state: 'passed',
      amount: '50.0000',
      reported: '50.0000',
      network: 'TRC20',
      address: expect.any(String),
    });
    // Someone else's or nothing: 404; a malformed kind or id: 400. Both say "Not found".
    for (const [kind, id, status] of [
      ['deposit', mine!.id, 404],
      ['deposit', 999_999, 404],
      ['posting', mine!.id, 400],
      ['deposit', 'abc', 400],
    ] as const) {
      const answer = await detail(other, kind, id);
      expect(answer.status, `${kind} ${id}`).toBe(status);
      expect(answer.body).toMatchObject({ type: 'error', code: 'NOT_FOUND', message: 'Not found' });
    }
    expect((await records(other)).total).toBe(0);
    const bad = await call(t.app, 'GET', 'wallet/records', { type: 'bogus' }, auth(owner.token));
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION');
    expect((await call(t.app, 'GET', 'wallet/records')).status).toBe(401);
  });

  it('describes both routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(
      doc.paths['/api/wallet/records'].get.parameters.map((p: { name: string }) => p.name),
    ).toEqual(expect.arrayContaining(['page', 'limit', 'type', 'currency_id']));
    expect(doc.paths['/api/wallet/record'].get).toBeTruthy();
  });

  it('pages newest first, each record once', async () => {
    const user = await funded('100');
    for (let i = 1; i <= 4; i += 1) {
      clock.advance(1000);
      const moved = await post(user, 'wallet/change', {
        from: 'currency',
        to: 'options',
        currency_id: '3',
        number: String(i),
      });
      expect(moved.status).toBe(200);
    }
    const pages = [];
    for (const page of ['1', '2', '3']) pages.push(await records(user, { page, limit: '2' }));
    expect(pages.map((p) => [p.page, p.total, p.list.length])).toEqual([
      [1, 5, 2],
      [2, 5, 2],
      [3, 5, 1],
    ]);
    const seen = pages.flatMap((p) => p.list);
    expect(seen.map((r) => r.amount)).toEqual(['4.0000', '3.0000', '2.0000', '1.0000', '100.0000']);
    expect(new Set(seen.map((r) => `${r.kind}:${r.id}`)).size).toBe(5);
    const times = seen.map((r) => r.at);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((await records(user, { page: '4', limit: '2' })).list).toEqual([]);
    await expectBalanced(t.app, admin);
  });
});
