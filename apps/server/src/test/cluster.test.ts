import { afterAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { openDatabase, spotOrders, users } from '@hx/db';
import { checkLedger } from '@hx/ledger';
import { Decimal } from '@hx/money';
import { TestClient, type Frame } from '../ws/test-client.ts';
import { api, scratchDatabase, startProcess, until, type ServerProcess } from './cluster-kit.ts';

// Three real server processes on one PostgreSQL and NATS (docs/operations.md, "Several
// processes"). Run once, on PostgreSQL: the embedded database is one process by construction.
const started: ServerProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const p of started) p.kill('SIGKILL');
  for (const cleanup of cleanups) await cleanup().catch(() => undefined);
});

const PAIR = 'BTCUSDT';
const USDT = 3; // seed.ts
const owning = async (procs: ServerProcess[], resource: string) => {
  const found: ServerProcess[] = [];
  for (const p of procs) if ((await p.health())?.owns.includes(resource)) found.push(p);
  return found;
};

describe.runIf(process.env.HX_TEST_DB === 'postgres')('three server processes', () => {
  it('one is killed under load: its pairs move within 5 s, nothing acknowledged is lost, the book and the ledger agree', async () => {
    const db = await scratchDatabase(process.env.TEST_DATABASE_URL!);
    cleanups.push(db.drop);
    const env = {
      DATABASE_URL: db.url,
      NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
      MODE: 'demo',
      DEMO_FLOW: 'off',
      MARKET_MAKER: 'off', // the book holds only what the test placed
    };
    const procs = await Promise.all([1, 2, 3].map(() => startProcess(env)));
    started.push(...procs);
    await until(
      async () => (await Promise.all(procs.map((p) => p.health()))).every(Boolean),
      120_000,
      'three healthy processes',
    );
    // The market source runs in one of them; each takes some of the pairs.
    await until(async () => (await owning(procs, 'market')).length === 1, 10_000, 'a leader');
    await until(
      async () => {
        const spot = (await Promise.all(procs.map((p) => p.health()))).map(
          (h) => h?.owns.filter((r) => r.startsWith('spot:')).length ?? 0,
        );
        return Math.min(...spot) > 0 && Math.max(...spot) - Math.min(...spot) <= 1;
      },
      20_000,
      'the pairs shared evenly',
    );
    const [owner] = await until(
      async () => {
        const found = await owning(procs, `spot:${PAIR}`);
        return found.length === 1 ? found : null;
      },
      10_000,
      `one owner of ${PAIR}`,
    );
    const others = procs.filter((p) => p !== owner);

    const login = await api(procs[0]!.base, 'POST', '/user/login', undefined, {
      account: 'demo@demo.local',
      password: 'demo123456',
    });
    const token = (login.message as { token: string }).token;
    // The operators' dashboard, asked of any process, lists all three and what each owns.
    const operatorLogin = await api(procs[1]!.base, 'POST', '/admin/login', undefined, {
      email: 'admin@demo.local',
      password: 'admin123456',
    });
    const operatorToken = (operatorLogin.message as { token: string }).token;
    const processes = async (p: ServerProcess) =>
      (
        (await api(p.base, 'GET', '/admin/dashboard', operatorToken)).message as {
          processes: { process: string; owns: string[] }[];
        }
      ).processes;
    await until(async () => (await processes(procs[2]!)).length === 3, 10_000, 'three listed');
    const listed = await processes(procs[2]!);
    expect(listed[0]!.process).toBe((await procs[2]!.health())!.process);
    expect(listed.flatMap((p) => p.owns)).toContain(`spot:${PAIR}`);

    // A client on a process that does not own the pair hears the owner's messages.
    const watcher = await TestClient.open(`ws://127.0.0.1:${others[0]!.port}/ws`);
    expect((await watcher.ask({ op: 'auth', token })).op).toBe('authed');
    expect((await watcher.ask({ op: 'sub', ch: 'orders' })).op).toBe('subbed');
    expect((await watcher.ask({ op: 'sub', ch: `depth.${PAIR}` })).op).toBe('subbed');

    // Load from 6 clients over every live process; the owner is killed a second in.
    const live = new Set(procs);
    const placedElsewhere: number[] = [];
    const placed: number[] = [];
    let transfersAcked = 0;
    let transfersAsked = 0;
    let n = 0;
    let killedAt = 0;
    const endAt = Date.now() + 4000;
    async function client(k: number) {
      while (Date.now() < endAt) {
        const targets = [...live];
        const target = targets[(n + k) % targets.length]!;
        const i = n++;
        try {
          if (i % 3 === 2) {
            transfersAsked++;
            const r = await api(target.base, 'POST', '/wallet/change', token, {
              from: 'currency',
              to: 'options',
              currency_id: USDT,
              number: '0.01',
            });
            if (r.ok) transfersAcked++;
          } else {
            const r = await api(target.base, 'POST', '/coin/trade', token, {
              symbol: PAIR,
              side: 'buy',
              type: 'limit',
              price: String(1000 + i),
              amount: '0.001',
            });
            if (r.ok) {
              const id = (r.message as { id: number }).id;
              placed.push(id);
              if (target !== owner) placedElsewhere.push(id);
            } else expect(r.code).toBe('TRADING_BUSY'); // asked while nobody owned the pair
          }
        } catch {
          // the killed process: no answer, nothing acknowledged
        }
      }
    }
    setTimeout(() => {
      owner!.kill('SIGKILL');
      live.delete(owner!);
      killedAt = Date.now();
    }, 1000);
    const load = Promise.all([0, 1, 2, 3, 4, 5].map(client));
    const [heir] = await until(
      async () => {
        const found = killedAt ? await owning(others, `spot:${PAIR}`) : [];
        return found.length === 1 ? found : null;
      },
      10_000,
      'a new owner',
    );
    const takeoverMs = Date.now() - killedAt;
    expect(takeoverMs).toBeLessThan(5000);
    await load;
    console.log(
      `cluster: ${PAIR} taken over in ${takeoverMs} ms; ${placed.length} orders acknowledged (${placedElsewhere.length} through other processes), ${transfersAcked} of ${transfersAsked} transfers`,
    );
    expect(placed.length).toBeGreaterThan(20);
    expect(placedElsewhere.length).toBeGreaterThan(5);
    await until(async () => (await owning(others, 'market')).length === 1, 5000, 'one leader');
    await until(async () => (await processes(others[0]!)).length === 2, 10_000, 'two listed');

    const database = await openDatabase({ url: db.url, dataDir: '' });
    cleanups.unshift(() => database.close());
    const [demo] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'demo@demo.local'));
    const open = await database.db
      .select({ id: spotOrders.id, price: spotOrders.price, amount: spotOrders.amount })
      .from(spotOrders)
      .where(and(eq(spotOrders.symbol, PAIR), eq(spotOrders.status, 'waiting')));
    // Every acknowledged order is on record and open (some unacknowledged ones may be too).
    const openIds = new Set(open.map((o) => o.id));
    expect(placed.filter((id) => !openIds.has(id))).toEqual([]);
    expect(open.length).toBeLessThanOrEqual(placed.length + 12);

    // The new owner's book is the recorded one: its best 20 bids are the open orders'.
    const deal = await api(heir!.base, 'GET', `/currency/deal?symbol=${PAIR}`);
    const bids = (deal.message as { bids: [string, string][] }).bids.map(([p, a]) => [
      new Decimal(p).toFixed(),
      new Decimal(a).toFixed(),
    ]);
    const recorded = open
      .map((o) => [new Decimal(o.price!).toFixed(), new Decimal(o.amount).toFixed()])
      .sort((a, b) => new Decimal(b[0]!).comparedTo(a[0]!))
      .slice(0, 20);
    expect(bids).toEqual(recorded);

    // Every acknowledged transfer is in the options account (an unacknowledged one may be too).
    const result = (await database.db.execute(sql`
      select coalesce(sum(a.available), 0)::text as total from ledger_accounts a
      where a.user_id = ${demo!.id} and a.name = 'options' and a.coin_id = ${USDT}`)) as unknown as {
      rows: { total: string }[];
    };
    const options = result.rows[0];
    expect(new Decimal(options!.total).gte(new Decimal('0.01').mul(transfersAcked))).toBe(true);
    expect(new Decimal(options!.total).lte(new Decimal('0.01').mul(transfersAsked))).toBe(true);

    // The watcher heard every order placed through a process other than the killed one, with
    // its `orders` messages numbered without a gap.
    const frames: Frame[] = [...watcher.frames];
    watcher.close();
    const orders = frames.filter((f) => f.ch === 'orders');
    expect(orders.map((f) => f.seq)).toEqual(orders.map((_, i) => i + 1));
    const heard = new Set(orders.map((f) => (f.data as { id: number }).id));
    expect(placedElsewhere.filter((id) => !heard.has(id))).toEqual([]);
    // The public book too, from both owners in turn.
    const depth = frames.filter((f) => f.ch === `depth.${PAIR}`);
    expect(depth.length).toBeGreaterThan(5);
    expect(depth.map((f) => f.seq)).toEqual(depth.map((_, i) => i + 1));

    // The engine's state hash before and after a takeover (the console shows it per pair): the
    // heir, quiet now, is killed in turn, and the last process loads a book with the same hash.
    const bookOf = async (asked: ServerProcess) => {
      const { processes: listed } = (
        await api(asked.base, 'GET', '/admin/dashboard', operatorToken)
      ).message as { processes: { books: { symbol: string; orders: number; hash: string }[] }[] };
      return listed.flatMap((p) => p.books).find((b) => b.symbol === PAIR);
    };
    const last = others.find((p) => p !== heir)!;
    const before = await bookOf(heir!);
    expect(before).toMatchObject({
      orders: open.length,
      hash: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    heir!.kill('SIGKILL');
    const after = await until(() => bookOf(last), 5000, `${PAIR} loaded by the last owner`);
    expect(after).toEqual(before);
    expect(await checkLedger(database.db)).toMatchObject({ balanced: true });
  }, 240_000);
});
