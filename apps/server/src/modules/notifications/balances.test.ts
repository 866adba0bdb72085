import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { post, unitOfWork, type Entry } from '@hx/ledger';
import type { App } from '../../app.ts';
import { call } from '../../test/harness.ts';
import { listen, TestClient } from '../../ws/test-client.ts';
import {
  adminToken,
  auth,
  expectBalanced,
  moneyApp,
  seedUser,
  type MoneyApp,
  type TestUser,
} from '../wallet/test-kit.ts';
import {
  asMoneyApp,
  buy,
  optionsUser,
  optionsWorld,
  tick,
  type OptionsWorld,
} from '../options/test-kit.ts';
import { fund, order } from '../spot/test-kit.ts';

/**
 * The ledger's `onPosted` hook: every committed entry sends `balances` to exactly the users it
 * touched, after the commit, once per transaction, and nothing when the transaction rolls back.
 */

const BTC = 1;
const USDT = 3;
const clients: TestClient[] = [];

/** A socket authenticated as `user`, subscribed to `balances`. */
async function listener(url: string, user: TestUser) {
  const c = await TestClient.open(url);
  clients.push(c);
  expect(await c.ask({ op: 'auth', token: user.token })).toMatchObject({ op: 'authed' });
  expect(await c.ask({ op: 'sub', ch: 'balances' })).toEqual({ op: 'subbed', ch: 'balances' });
  return c;
}

/** Nothing arrived before this: the next frame is the answer to a ping. */
const quiet = async (c: TestClient) => expect(await c.ask({ op: 'ping' })).toEqual({ op: 'pong' });

/** The next frame is one `balances` message, and nothing follows it. */
async function toldOnce(c: TestClient) {
  expect(await c.next()).toMatchObject({ ch: 'balances', data: {} });
  await quiet(c);
}

afterAll(() => {
  for (const c of clients) c.close();
});

describe('balances after a ledger entry', () => {
  let t: MoneyApp;
  let admin: string;
  let url: string;
  beforeAll(async () => {
    t = await moneyApp();
    admin = await adminToken(t);
    url = await listen(t.app);
  });
  afterAll(() => t.close());

  const credit = (user: TestUser, amount = '5'): Entry => ({
    kind: 'test_funding',
    lines: [
      { account: { platform: 'treasury', coin: USDT }, amount: `-${amount}` },
      { account: { user: user.id, sub: 'currency', coin: USDT }, amount },
    ],
  });

  it('a transfer tells its user once, and no one else', async () => {
    const user = await seedUser(t);
    const other = await seedUser(t);
    await fund(t, user.id, USDT, '50');
    const c = await listener(url, user);
    const elsewhere = await listener(url, other);
    const moved = await call(
      t.app,
      'POST',
      'wallet/change',
      { from: 'currency', to: 'options', currency_id: String(USDT), number: '20' },
      auth(user.token),
    );
    expect(moved.status).toBe(200);
    await toldOnce(c);
    await quiet(elsewhere);
    await expectBalanced(t.app, admin);
  });

  it('tells after the outermost commit, once, and nothing when the transaction rolls back', async () => {
    const user = await seedUser(t);
    const c = await listener(url, user);
    // Two entries in one transaction (each a savepoint): told once, after the commit.
    await unitOfWork(t.db, async (tx) => {
      await post(tx, credit(user));
      await post(tx, credit(user));
      await quiet(c); // not while the transaction is open
    });
    await toldOnce(c);

    await expect(
      unitOfWork(t.db, async (tx) => {
        await post(tx, credit(user));
        throw new Error('the outcome failed');
      }),
    ).rejects.toThrow('the outcome failed');
    await quiet(c);
    // A refused entry (its savepoint rolled back) in a transaction that commits tells nothing.
    await unitOfWork(t.db, async (tx) => {
      await expect(post(tx, credit(user, '-1000'))).rejects.toThrow();
    });
    await quiet(c);
    await expectBalanced(t.app, admin);
  });

  it('a spot fill tells the buyer and the seller, not a bystander', async () => {
    const seller = await seedUser(t);
    const buyer = await seedUser(t);
    const bystander = await seedUser(t);
    await fund(t, seller.id, BTC, '1');
    await fund(t, buyer.id, USDT, '100000');
    const sells = await listener(url, seller);
    const buys = await listener(url, buyer);
    const elsewhere = await listener(url, bystander);

    const ask = await order(t.app, seller.token, { side: 'sell', price: '60000', amount: '0.5' });
    expect(ask.status).toBe(200);
    await toldOnce(sells); // the freeze
    await quiet(buys);

    const bid = await order(t.app, buyer.token, { side: 'buy', price: '60000', amount: '0.2' });
    expect(bid.body.message).toMatchObject({ status: 'completed' });
    await toldOnce(buys);
    await toldOnce(sells);
    await quiet(elsewhere);
    await expectBalanced(t.app, admin);
  });
});

describe('balances after an option settles', () => {
  let w: OptionsWorld;
  let app: App;
  let t: MoneyApp;
  let admin: string;
  const now = () => w.clock.now().getTime();

  beforeEach(async () => {
    w = await optionsWorld();
    app = await w.server();
    t = asMoneyApp(w, app);
    admin = await adminToken(t);
  });
  afterEach(() => w.close());

  it('tells the order’s owner when the settlement commits, not another user', async () => {
    const user = await optionsUser(t, admin, '100');
    const other = await optionsUser(t, admin, '100');
    const url = await listen(app);
    const c = await listener(url, user);
    const elsewhere = await listener(url, other);
    await tick(app, now() - 400, '65000.00');
    expect((await buy(app, user.token, 'call')).status).toBe(200);
    await toldOnce(c); // the stake frozen

    w.clock.advance(30_000);
    await tick(app, now(), '65010.00');
    expect(await app.optionSettlement.runOnce()).toBe(1);
    await toldOnce(c);
    await quiet(elsewhere);
    await expectBalanced(app, admin);
  });
});
