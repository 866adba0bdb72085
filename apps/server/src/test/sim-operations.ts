import { call } from './harness.ts';
import { acknowledged, UnexpectedAnswer, type Acks } from './sim-acks.ts';
import { PAY, tick, type SimUser, type World } from './sim-world.ts';

/** A small seeded generator (mulberry32): the same seed replays the same operations. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!,
    chance: (p: number) => next() < p,
    /** A decimal string with `places` decimals in [min, max] (no floats reach the server). */
    amount(min: number, max: number, places: number) {
      const scale = 10 ** places;
      const units = int(Math.round(min * scale), Math.round(max * scale));
      const whole = Math.floor(units / scale);
      return places === 0
        ? String(whole)
        : `${whole}.${String(units % scale).padStart(places, '0')}`;
    },
  };
}
export type Rng = ReturnType<typeof rng>;

const SUBS = ['currency', 'options', 'contract', 'trust'] as const;
export const OPERATIONS = [
  'deposit',
  'decide_deposit',
  'withdraw',
  'decide_withdrawal',
  'transfer',
  'convert',
  'limit',
  'market',
  'cancel',
  'option',
  'later',
  'finance',
  'redeem',
  'contract_open',
  'contract_close',
] as const;
export type Operation = (typeof OPERATIONS)[number];
// How often each operation is drawn (restarts are drawn by the runner).
const WEIGHTS: Record<Operation, number> = {
  deposit: 3,
  decide_deposit: 2,
  withdraw: 2,
  decide_withdrawal: 2,
  transfer: 3,
  convert: 2,
  limit: 6,
  market: 2,
  cancel: 2,
  option: 3,
  later: 2,
  finance: 2,
  redeem: 1,
  contract_open: 3,
  contract_close: 2,
};

export function drawOperation(r: Rng): Operation {
  const total = OPERATIONS.reduce((s, op) => s + WEIGHTS[op], 0);
  let at = r.next() * total;
  for (const op of OPERATIONS) {
    at -= WEIGHTS[op];
    if (at < 0) return op;
  }
  return 'limit';
}

const auth = (u: SimUser) => ({ authorization: u.token });
const pending = <K>(map: Map<K, string>) =>
  [...map].filter(([, status]) => status === 'review').map(([id]) => id);

/** A starting balance through the real flow: the user reports a deposit, the operator passes it. */
export async function fundUser(world: World, user: SimUser, number: string, acks: Acks) {
  const req = await call(
    world.app,
    'POST',
    'wallet/charge_req',
    { currency_id: '3', network: 'TRC20', number, voucher: user.voucher },
    auth(user),
  );
  if (!acknowledged('deposit', req, acks)) throw new UnexpectedAnswer('starting deposit refused');
  const id = req.body.message.id as number;
  const pass = await call(
    world.app,
    'POST',
    `admin/deposits/${id}/pass`,
    {},
    {
      authorization: world.admin,
    },
  );
  if (!acknowledged('pass deposit', pass, acks)) throw new UnexpectedAnswer('pass refused');
  acks.deposits.set(id, 'passed');
  // Part of it into the other accounts, so options, finance and contracts can be bought early.
  for (const [to, number] of [
    ['options', '500'],
    ['trust', '800'],
    ['contract', '600'],
  ] as const) {
    const moved = await call(
      world.app,
      'POST',
      'wallet/change',
      { from: 'currency', to, currency_id: '3', number },
      auth(user),
    );
    if (acknowledged('transfer', moved, acks))
      acks.transfers.set(user.id, (acks.transfers.get(user.id) ?? 0) + 1);
  }
  // And some BTC, so spot sells have something to sell.
  const converted = await call(
    world.app,
    'POST',
    'wallet/exchange',
    { from_currency_id: '3', to_currency_id: '1', number: '1000' },
    auth(user),
  );
  if (acknowledged('convert', converted, acks)) acks.conversions.add(converted.body.message.id);
}

/** Runs one operation for a random user through the HTTP API and records what was acknowledged. */
export async function perform(
  world: World,
  op: Operation,
  user: SimUser,
  r: Rng,
  acks: Acks,
): Promise<string> {
  const app = world.app;
  switch (op) {
    case 'deposit': {
      const number = r.amount(1, 3000, 4);
      const res = await call(
        app,
        'POST',
        'wallet/charge_req',
        { currency_id: '3', network: 'TRC20', number, voucher: user.voucher },
        auth(user),
      );
      if (acknowledged('deposit', res, acks)) acks.deposits.set(res.body.message.id, 'review');
      return `deposit ${number}`;
    }
    case 'decide_deposit': {
      const ids = pending(acks.deposits);
      if (ids.length === 0) return 'no deposit to decide';
      const id = r.pick(ids);
      const verdict = r.chance(0.75) ? 'pass' : 'reject';
      const res = await call(
        app,
        'POST',
        `admin/deposits/${id}/${verdict}`,
        { reason: 'simulation' },
        { authorization: world.admin },
      );
      if (acknowledged('decide deposit', res, acks))
        acks.deposits.set(id, verdict === 'pass' ? 'passed' : 'rejected');
      return `${verdict} deposit ${id}`;
    }
    case 'withdraw': {
      const number = r.amount(10, 400, 4);
      const res = await call(
        app,
        'POST',
        'wallet/out',
        { currency_id: '3', address_id: String(user.addressId), number, pay_password: PAY },
        auth(user),
      );
      if (acknowledged('withdraw', res, acks)) acks.withdrawals.set(res.body.message.id, 'review');
      return `withdraw ${number}`;
    }
    case 'decide_withdrawal': {
      const ids = pending(acks.withdrawals);
      if (ids.length === 0) return 'no withdrawal to decide';
      const id = r.pick(ids);
      const verdict = r.chance(0.6) ? 'pass' : 'reject';
      const res = await call(
        app,
        'POST',
        `admin/withdrawals/${id}/${verdict}`,
        { reason: 'simulation' },
        { authorization: world.admin },
      );
      if (acknowledged('decide withdrawal', res, acks))
        acks.withdrawals.set(id, verdict === 'pass' ? 'passed' : 'rejected');
      return `${verdict} withdrawal ${id}`;
    }
    case 'transfer': {
      // Mostly out of the spot account, where deposits land, so the other accounts fill up.
      const from = r.chance(0.5) ? 'currency' : r.pick(SUBS);
      const to = r.pick(SUBS.filter((s) => s !== from));
      const number = r.amount(0.0001, 800, 4);
      const res = await call(
        app,
        'POST',
        'wallet/change',
        { from, to, currency_id: '3', number },
        auth(user),
      );
      if (acknowledged('transfer', res, acks))
        acks.transfers.set(user.id, (acks.transfers.get(user.id) ?? 0) + 1);
      return `transfer ${number} ${from}→${to}`;
    }
    case 'convert': {
      const toBtc = r.chance(0.6);
      const number = toBtc ? r.amount(1, 1500, 4) : r.amount(0.0001, 0.02, 8);
      const res = await call(
        app,
        'POST',
        'wallet/exchange',
        { from_currency_id: toBtc ? '3' : '1', to_currency_id: toBtc ? '1' : '3', number },
        auth(user),
      );
      if (acknowledged('convert', res, acks)) acks.conversions.add(res.body.message.id);
      return `convert ${number} ${toBtc ? 'USDT→BTC' : 'BTC→USDT'}`;
    }
    case 'limit':
    case 'market': {
      const side = r.pick(['buy', 'sell'] as const);
      const form: Record<string, string> = {
        symbol: 'BTCUSDT',
        type: op,
        side,
        amount: r.amount(0.001, 0.03, 5),
      };
      if (op === 'limit') form.price = r.amount(64_900, 65_100, 2);
      const res = await call(app, 'POST', 'coin/trade', form, auth(user));
      if (acknowledged(`${op} order`, res, acks))
        acks.orders.set(res.body.message.id, { userId: user.id, cancelled: false });
      return `${op} ${side} ${form.amount}${form.price ? ` @ ${form.price}` : ''}`;
    }
    case 'option': {
      const price = r.amount(64_900, 65_100, 2);
      await tick(world, price);
      const type = r.pick(['call', 'put', 'even'] as const);
      const number = r.amount(10, 300, 4);
      const seconds = r.pick(['30', '60']);
      const res = await call(
        app,
        'POST',
        'microtrade/submit',
        { symbol: 'BTCUSDT', type, seconds, currency_id: '3', number },
        auth(user),
      );
      if (acknowledged('option', res, acks)) acks.options.set(res.body.message.id, user.id);
      return `option ${type} ${number} for ${seconds}s at ${price}`;
    }
    case 'later': {
      // Time passes with a new price; due options settle (the settlement job, run now).
      const seconds = r.int(5, 45);
      world.clock.advance(seconds * 1000);
      // Now and then a wide move: stops and liquidations of high-multiple contracts.
      const swing = r.chance(0.2) ? 1500 : 100;
      await tick(world, r.amount(65_000 - swing, 65_000 + swing, 2));
      const settled = await app.optionSettlement.runOnce();
      // Sometimes a whole day: finance interest falls due (and daily withdrawal limits reset).
      if (!r.chance(0.15)) return `${seconds}s later, ${settled} options settled`;
      world.clock.advance(86_400_000);
      await world.relogin(); // operator sessions last 12 hours
      const report = await app.finance.runOnce();
      return `a day later, ${settled} options settled, finance ${JSON.stringify(report)}`;
    }
    case 'finance': {
      const products = (await call(app, 'GET', 'lh/deposit/product_info')).body.message as {
        id: number;
        currency_id: number;
        min_amount: string;
      }[];
      const usdt = products.filter((p) => p.currency_id === 3 && Number(p.min_amount) <= 500);
      const product = r.pick(usdt);
      const amount = r.amount(100, 700, 4);
      const res = await call(
        app,
        'POST',
        'lh/deposit',
        { product_id: String(product.id), amount, agree: '1' },
        auth(user),
      );
      if (acknowledged('finance', res, acks))
        acks.finance.set(res.body.message.id, { userId: user.id, redeemed: false });
      return `finance ${amount} in product ${product.id}`;
    }
    case 'redeem': {
      const mine = [...acks.finance].filter(([, o]) => o.userId === user.id && !o.redeemed);
      if (mine.length === 0) return 'no finance order to redeem';
      const [id, order] = r.pick(mine);
      const res = await call(
        app,
        'POST',
        'lh/deposit/order/cancel',
        { id: String(id) },
        auth(user),
      );
      if (acknowledged('redeem', res, acks)) order.redeemed = true;
      return `redeem finance ${id}`;
    }
    case 'contract_open': {
      await tick(world, r.amount(64_900, 65_100, 2));
      const side = r.pick(['long', 'short'] as const);
      const limit = r.chance(0.3);
      const form: Record<string, string> = {
        symbol: 'BTCUSDT',
        side,
        type: limit ? 'limit' : 'market',
        lots: String(r.int(1, 3)),
        multiple: String(r.pick([5, 10, 20, 50, 100])),
      };
      // A limit waits below the market for a long, above for a short.
      if (limit)
        form.price = String(side === 'long' ? r.int(64_000, 64_800) : r.int(65_200, 66_000));
      if (r.chance(0.4)) form.stop_loss = String(side === 'long' ? 63_800 : 66_200);
      if (r.chance(0.4)) form.stop_profit = String(side === 'long' ? 66_200 : 63_800);
      const res = await call(app, 'POST', 'lever/submit', form, auth(user));
      if (acknowledged('contract open', res, acks))
        acks.contracts.set(res.body.message.id, { userId: user.id, closed: false });
      return `contract ${form.type} ${side} ${form.lots} lots ×${form.multiple}`;
    }
    case 'contract_close': {
      const mine = [...acks.contracts].filter(([, c]) => c.userId === user.id && !c.closed);
      if (mine.length === 0) return 'no contract to close';
      const [id, position] = r.pick(mine);
      const close = await call(app, 'POST', 'lever/close', { id: String(id) }, auth(user));
      if (acknowledged('contract close', close, acks)) {
        position.closed = true;
        return `close contract ${id}`;
      }
      // Not holding: still waiting (cancel it) or already closed by a trigger.
      const cancel = await call(app, 'POST', 'lever/cancel', { id: String(id) }, auth(user));
      if (acknowledged('contract cancel', cancel, acks)) position.closed = true;
      return `cancel contract ${id}`;
    }
    case 'cancel': {
      const mine = [...acks.orders].filter(([, o]) => o.userId === user.id && !o.cancelled);
      if (mine.length === 0) return 'no order to cancel';
      const [id, order] = r.pick(mine);
      const res = await call(app, 'PUT', 'coin/trade', { id: String(id) }, auth(user));
      if (acknowledged('cancel', res, acks)) order.cancelled = true;
      return `cancel ${id}`;
    }
  }
}
