import type { z } from 'zod';
import type { exchangeBody, ExchangeQuote } from '@hx/protocol';
import type { Line } from '@hx/ledger';
import { Decimal } from '@hx/money';
import type { ServerDeps } from '../../lib/deps.ts';
import type { UserContext } from '../../lib/request-context.ts';
import { AppError } from '../../lib/errors.ts';
import { assertCanMove } from '../coins/frozen.ts';
import { assertPrecision } from '../coins/amounts.ts';
import { coinById, type Coin } from '../coins/coins.ts';

/** The conversion fee, a fraction of what is received (CONVERSION_FEE_RATE, default 0.2%). */
export function conversionFeeRate(env: NodeJS.ProcessEnv = process.env): Decimal {
  const rate = new Decimal(env.CONVERSION_FEE_RATE ?? '0.002');
  if (!rate.isFinite() || rate.isNegative() || rate.gte(1))
    throw new Error(`CONVERSION_FEE_RATE must be in [0, 1); got '${env.CONVERSION_FEE_RATE}'`);
  return rate;
}

/** A coin's last recorded price in USDT (USDT itself is 1), or PRICE_UNAVAILABLE. */
function usdtPrice(
  app: Pick<ServerDeps, 'prices'>,
  coin: Coin,
): { price: Decimal; time: number | null } {
  if (coin.name === 'USDT') return { price: new Decimal(1), time: null };
  const last = app.prices.last(`${coin.name}USDT`);
  if (!last) throw new AppError('PRICE_UNAVAILABLE');
  return { price: new Decimal(last.price), time: last.time };
}

/**
 * What converting `number` of `from` into `to` gives at the last recorded prices: the gross
 * amount floored to `to`'s decimals, the fee rounded up, so the platform never pays out more
 * than the reference price allows.
 */
export function quote(
  app: Pick<ServerDeps, 'clock' | 'prices'>,
  from: Coin,
  to: Coin,
  number: Decimal,
): ExchangeQuote {
  const a = usdtPrice(app, from);
  const b = usdtPrice(app, to);
  const price = a.price.div(b.price);
  // From the recorded prices directly, not from a rounded `price`.
  const gross = number.times(a.price).div(b.price).toDecimalPlaces(to.decimals, Decimal.ROUND_DOWN);
  const rate = conversionFeeRate();
  const fee = gross.times(rate).toDecimalPlaces(to.decimals, Decimal.ROUND_UP);
  const received = gross.minus(fee);
  if (received.lte(0)) throw new AppError('CONVERSION_TOO_SMALL');
  return {
    from_number: number.toFixed(from.decimals),
    to_number: received.toFixed(to.decimals),
    price: price.toSignificantDigits(12).toFixed(),
    fee: fee.toFixed(to.decimals),
    fee_rate: rate.toFixed(),
    price_time: Math.min(a.time ?? Infinity, b.time ?? Infinity, app.clock.now().getTime()),
  };
}

/** What converting would give now, without converting. */
export const exchangeQuote = async (
  app: Pick<ServerDeps, 'clock' | 'db' | 'prices'>,
  body: z.output<typeof exchangeBody>,
) => (await prepare(app, body)).quoted;

async function prepare(
  app: Pick<ServerDeps, 'clock' | 'db' | 'prices'>,
  body: z.output<typeof exchangeBody>,
) {
  const from = await coinById(app.db, body.from_currency_id);
  const to = await coinById(app.db, body.to_currency_id);
  const number = assertPrecision(body.number, from);
  return { from, to, number, quoted: quote(app, from, to, number) };
}

/**
 * Converts against the treasury (the outside liquidity the reference price comes from): the user
 * pays `from`, receives `to` less the fee, and the fee goes to the fees account, in one entry
 * that records the price used and when it was recorded.
 */
export async function convert(
  app: Pick<ServerDeps, 'clock' | 'db' | 'ledger' | 'prices'>,
  { user, claim }: UserContext,
  body: z.output<typeof exchangeBody>,
) {
  assertCanMove(user);
  const { from, to, number, quoted } = await prepare(app, body);
  // The price moves between quote and confirmation: never give less than the user accepted.
  if (body.min_to_number !== undefined && new Decimal(quoted.to_number).lt(body.min_to_number))
    throw new AppError('PRICE_MOVED');
  const spot = (coin: number) => ({ user: user.id, sub: 'currency' as const, coin });
  const received = new Decimal(quoted.to_number);
  const fee = new Decimal(quoted.fee);
  const lines: Line[] = [
    { account: spot(from.id), amount: number.negated() },
    { account: { platform: 'treasury' as const, coin: from.id }, amount: number },
    {
      account: { platform: 'treasury' as const, coin: to.id },
      amount: received.plus(fee).negated(),
    },
    { account: spot(to.id), amount: received },
  ];
  if (fee.gt(0)) lines.push({ account: { platform: 'fees' as const, coin: to.id }, amount: fee });
  const accounts = lines.map((l) => l.account);
  await app.ledger.accounts(accounts);
  // No SQL of its own: the entry is checked in memory and written with the writer's batch.
  return app.ledger.submit(
    async (job) => {
      const { entryId } = await job.post({
        kind: 'exchange',
        refType: 'exchange',
        at: app.clock.now(),
        memo: JSON.stringify({
          price: quoted.price,
          price_time: quoted.price_time,
          fee_rate: quoted.fee_rate,
        }),
        lines,
      });
      return { id: entryId, ...quoted };
    },
    { claim, accounts },
  );
}
