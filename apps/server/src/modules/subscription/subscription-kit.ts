import { expect } from 'vitest';
import { coins, subscriptionProjects } from '@hx/db';
import { call } from '../../test/harness.ts';
import type { PriceBook } from '../coins/prices.ts';
import { adminToken, auth, type MoneyApp, type TestUser, fundedUser } from '../wallet/test-kit.ts';
import { DAY_MS } from './service.ts';

/**
 * The subscription tests' world on the app a test file holds: recorded prices, projects written
 * to the database, users with money, and the allocation job run by hand.
 */
export function subscriptionKit(app: () => MoneyApp) {
  /** What the market has recorded: BTC always, a project's token only once a test lists it. */
  const recorded = new Map<string, string>([['BTCUSDT', '65000.5']]);
  const prices: PriceBook = {
    last: (symbol) => {
      const price = recorded.get(symbol);
      return price ? { price, time: Date.now() } : null;
    },
  };
  /** Operator sessions last 12 hours and the tests move the clock by days: log in when needed. */
  const admin = () => adminToken(app());

  let nextCoin = 200;
  /** A project written to the database: its token coin and its times relative to the clock. */
  async function project(options: {
    price: string;
    supply: string;
    payCoins?: number[];
    minTokens?: string;
    lockDays?: number;
    startIn?: number;
    closeIn?: number;
    launchIn?: number;
  }) {
    const t = app();
    const coinId = nextCoin++;
    const name = `TK${coinId}`;
    await t.db.insert(coins).values({ id: coinId, name, fullName: `Token ${coinId}`, decimals: 4 });
    const now = t.clock.now().getTime();
    const at = (ms: number) => new Date(now + ms);
    const [row] = await t.db
      .insert(subscriptionProjects)
      .values({
        coinId,
        issuePrice: options.price,
        payCoins: options.payCoins ?? [3, 1],
        supply: options.supply,
        minTokens: options.minTokens ?? '0',
        lockDays: options.lockDays ?? 10,
        startAt: at(options.startIn ?? -DAY_MS),
        closeAt: at(options.closeIn ?? DAY_MS),
        launchAt: at(options.launchIn ?? 2 * DAY_MS),
        introduction: { en: `About ${name}`, zh: `关于 ${name}` },
      })
      .returning({ id: subscriptionProjects.id });
    return { id: row!.id, coinId, name };
  }

  const subscribe = (user: TestUser, fields: Record<string, string>, lang = 'en') =>
    call(app().app, 'POST', 'lh/send/order', fields, auth(user.token, { lang }));

  async function records(user: TestUser) {
    const { status, body } = await call(
      app().app,
      'GET',
      'lh/send/order_list',
      {},
      auth(user.token),
    );
    expect(status).toBe(200);
    return body.message.list;
  }

  const funded = async (amount: string) => fundedUser(app(), await admin(), amount);

  const runJob = () => app().app.subscription.runOnce(app().clock.now());

  return { recorded, prices, admin, project, subscribe, records, funded, runJob };
}
