import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@hx/db';
import { checkLedger } from '@hx/ledger';
import { Decimal } from '@hx/money';
import { api, scratchDatabase, startProcess, until, type ServerProcess } from './cluster-kit.ts';
import { cuttableLink, natsServerInstalled, startNats } from './bus-kit.ts';

// Two real server processes on one PostgreSQL, on a NATS server of this test's own: one reaches
// it through a link the test cuts (docs/operations.md, "Several processes"). Run once, on
// PostgreSQL: the embedded database is one process by construction.
const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
});

type Book = { symbol: string; orders: number; hash: string };
type Listed = { process: string; owns: string[]; books: Book[] };

let direct: ServerProcess; // on the NATS server itself
let linked: ServerProcess; // through the link the test cuts
let link: Awaited<ReturnType<typeof cuttableLink>>;
let databaseUrl: string;
let token: string;
let operator: string;

const spotOf = async (p: ServerProcess) =>
  ((await p.health())?.owns ?? []).filter((r) => r.startsWith('spot:')).map((r) => r.slice(5));
const processes = async (p: ServerProcess) =>
  ((await api(p.base, 'GET', '/admin/dashboard', operator)).message as { processes: Listed[] })
    .processes;
const bookOf = async (p: ServerProcess, symbol: string) =>
  (await processes(p)).flatMap((l) => l.books).find((b) => b.symbol === symbol);
/** A small resting buy: `ticks` price steps at the pair's smallest amount. */
const limitBuy = async (p: ServerProcess, symbol: string, ticks: number) => {
  const pairs = (await api(p.base, 'GET', '/coin/pairs')).message as {
    symbol: string;
    tick: string;
    step: string;
  }[];
  const { tick, step } = pairs.find((x) => x.symbol === symbol)!;
  return api(p.base, 'POST', '/coin/trade', token, {
    symbol,
    side: 'buy',
    type: 'limit',
    price: new Decimal(tick).mul(ticks).toFixed(),
    amount: step,
  });
};

describe.runIf(process.env.HX_TEST_DB === 'postgres' && natsServerInstalled())(
  'two server processes, one cut off from the bus',
  () => {
    beforeAll(async () => {
      const db = await scratchDatabase(process.env.TEST_DATABASE_URL!);
      cleanups.push(db.drop);
      databaseUrl = db.url;
      const nats = await startNats();
      cleanups.push(() => nats.stop());
      link = await cuttableLink(nats.port);
      cleanups.push(() => link.close());
      const env = { DATABASE_URL: db.url, MODE: 'demo', DEMO_FLOW: 'off', MARKET_MAKER: 'off' };
      direct = await startProcess({ ...env, NATS_URL: nats.url });
      linked = await startProcess({ ...env, NATS_URL: link.url });
      for (const p of [direct, linked]) cleanups.push(() => p.kill('SIGKILL'));
      await until(
        async () => (await direct.health()) && (await linked.health()),
        120_000,
        'two healthy processes',
      );
      await until(
        async () => (await spotOf(direct)).length > 0 && (await spotOf(linked)).length > 0,
        20_000,
        'the pairs shared',
      );
      const login = await api(direct.base, 'POST', '/user/login', undefined, {
        account: 'demo@demo.local',
        password: 'demo123456',
      });
      token = (login.message as { token: string }).token;
      const operatorLogin = await api(direct.base, 'POST', '/admin/login', undefined, {
        email: 'admin@demo.local',
        password: 'admin123456',
      });
      operator = (operatorLogin.message as { token: string }).token;
    }, 180_000);

    it('the cut-off process gives its pairs up within 5 s, the other takes them with the same book, and it takes its share again once back', async () => {
      const [pair] = await spotOf(linked);
      const first = await limitBuy(linked, pair!, 1000);
      expect(first, JSON.stringify(first)).toMatchObject({ ok: true });
      // The console, asked of the other process, shows the book's state hash.
      const before = await until(
        async () => {
          const book = await bookOf(direct, pair!);
          return book?.orders === 1 ? book : null;
        },
        10_000,
        `${pair} in the console`,
      );

      await link.cut();
      const cutAt = Date.now();
      await until(async () => (await spotOf(direct)).includes(pair!), 10_000, 'the takeover');
      const takeoverMs = Date.now() - cutAt;
      console.log(`cut off from the bus: ${pair} taken over in ${takeoverMs} ms`);
      expect(takeoverMs).toBeLessThan(5000);
      // It owns no pair any more: nothing forwarded to it is lost in a bus it cannot hear.
      expect(await spotOf(linked)).toEqual([]);
      // The new owner loaded the same book: the engine's state hash is unchanged.
      const after = await until(() => bookOf(direct, pair!), 5000, `${pair} loaded`);
      expect(after).toEqual(before);
      // Orders on that pair go on through the process still on the bus.
      const placed = await limitBuy(direct, pair!, 1001);
      expect(placed).toMatchObject({ ok: true, message: { status: 'waiting' } });
      // Through the cut-off one, a clear TRADING_BUSY: nothing is placed.
      expect(await limitBuy(linked, pair!, 1002)).toMatchObject({
        ok: false,
        code: 'TRADING_BUSY',
      });
      expect((await bookOf(direct, pair!))?.orders).toBe(2);

      await link.mend();
      await until(
        async () => (await spotOf(linked)).length > 0,
        15_000,
        'its share taken again after the link is back',
      );
      await until(async () => (await processes(direct)).length === 2, 10_000, 'two listed');
      const database = await openDatabase({ url: databaseUrl, dataDir: '' });
      cleanups.push(() => database.close());
      expect(await checkLedger(database.db)).toMatchObject({ balanced: true });
    }, 90_000);

    it('an alert set or deleted through one process is in the other process’s book at once', async () => {
      // The market source runs in one process (the leader); the alerts are set through the
      // other, which is then frozen: only the leader can fire them.
      const leader = (await direct.health())!.owns.includes('market') ? direct : linked;
      const follower = leader === direct ? linked : direct;
      // Alerts watch the recorded (index) price; the pair's own trade price has none here (no
      // demo flow), so the index is what an alert is set against.
      const quote = async () => {
        const { price_precision } = (
          await api(follower.base, 'GET', '/currency/futures_info?symbol=BTCUSDT')
        ).message as { price_precision: number };
        const { price } = (await api(follower.base, 'GET', '/index?symbol=BTCUSDT')).message as {
          price: string;
        };
        return { price, price_precision };
      };
      const create = (body: Record<string, string>) =>
        api(follower.base, 'POST', '/alerts', token, { symbol: 'BTCUSDT', ...body });
      // One above and one below the last price by one step: the next move fires one of them.
      const ids = await until(
        async () => {
          const { price, price_precision: dp } = await quote();
          const step = new Decimal(1).div(new Decimal(10).pow(dp));
          const above = await create({ condition: 'above', price: step.add(price).toFixed(dp) });
          const below = await create({
            condition: 'below',
            price: new Decimal(price).sub(step).toFixed(dp),
          });
          const gone = await create({ condition: 'above', price: step.add(price).toFixed(dp) });
          if (!above.ok || !below.ok || !gone.ok) return null; // the price moved meanwhile
          return [above, below, gone].map((r) => (r.message as { id: number }).id);
        },
        10_000,
        'alerts set',
      );
      const [above, below, gone] = ids as [number, number, number];
      expect((await api(follower.base, 'POST', `/alerts/${gone}/delete`, token, {})).ok).toBe(true);
      follower.kill('SIGSTOP');
      try {
        const fired = await until(
          async () => {
            const { list } = (await api(leader.base, 'GET', '/alerts', token)).message as {
              list: { id: number; fired_at: number | null }[];
            };
            const done = list.filter((a) => a.fired_at !== null).map((a) => a.id);
            return done.includes(above) || done.includes(below) ? list : null;
          },
          30_000,
          'an alert fired by the leader',
        );
        expect(fired.map((a) => a.id)).not.toContain(gone);
        const { list: told } = (await api(leader.base, 'GET', '/notifications', token)).message as {
          list: { kind: string; data: { alert_id?: number } }[];
        };
        const alerts = told.filter((n) => n.kind === 'price_alert');
        expect(alerts.length).toBeGreaterThan(0);
        expect(alerts.map((n) => n.data.alert_id)).not.toContain(gone);
        expect(alerts.map((n) => n.data.alert_id)).toEqual(
          expect.arrayContaining(fired.filter((a) => a.fired_at !== null).map((a) => a.id)),
        );
      } finally {
        follower.kill('SIGCONT');
      }
    }, 60_000);
  },
);
