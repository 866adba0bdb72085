import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { BANK_NETWORK, endpoints, type configCoin, type configCoinBody } from '@hx/protocol';
import { coinNetworks, coins, type Db } from '@hx/db';
import { Decimal } from '@hx/money';
import type { ServerDeps } from '../../lib/deps.ts';
import { ok } from '../../plugins/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { reviewQueue } from '../operator-core/queue.ts';
import { plain } from '../operator-core/rows.ts';
import { operatorSettings } from '../operator-core/settings.ts';
import { coinNetworkRoutes } from './operator-networks.ts';
import { decideDeposit, depositQueue } from './review.ts';
import { forgetCoins } from '../coins/coins.ts';

type Coin = typeof coins.$inferSelect;

const coinView = (app: Pick<ServerDeps, 'coinNetworks'>, c: Coin): z.infer<typeof configCoin> => ({
  id: c.id,
  name: c.name,
  full_name: c.fullName,
  decimals: c.decimals,
  networks: c.networks.map((network) => {
    // Console values over the environment (coin networks, operator-networks.ts).
    const found = app.coinNetworks.settings.resolve(c.name, network);
    return {
      network,
      deposit:
        found.kind === 'xpub' ? 'xpub' : found.source === 'demo' ? 'demo' : (found.kind ?? 'none'),
      address: found.address,
    };
  }),
  deposit_min: plain(c.depositMin),
  withdraw_min: plain(c.withdrawMin),
  withdraw_fee: plain(c.withdrawFee),
  sort: c.sort,
});
const coinRow = async (tx: Db, id: number) =>
  (await tx.select().from(coins).where(eq(coins.id, id)).for('update'))[0];

/**
 * A withdrawal of the minimum must leave something after the fee, and the minimum may not pass
 * a limit saved for one of the coin's networks (operator-networks.ts).
 */
async function checkWithdrawTerms(
  app: Pick<ServerDeps, 'coinNetworks'>,
  tx: Db,
  coin: Coin,
  b: z.output<typeof configCoinBody>,
) {
  const min = new Decimal(b.withdraw_min);
  if (new Decimal(b.withdraw_fee).gt(0) && min.lte(b.withdraw_fee))
    throw new AppError('CONFIG_WITHDRAW_FEE_ABOVE_MIN');
  const networks = new Set(b.networks);
  if (app.coinNetworks.settings.bank?.currency === coin.name) networks.add(BANK_NETWORK);
  const limits = await tx
    .select({ max: coinNetworks.withdrawMax, daily: coinNetworks.withdrawDailyAmount })
    .from(coinNetworks)
    .where(and(eq(coinNetworks.coinId, coin.id), inArray(coinNetworks.network, [...networks])));
  for (const limit of limits.flatMap((l) => [l.max, l.daily]))
    if (limit !== null && min.gt(limit)) throw new AppError('CONFIG_MIN_ABOVE_MAX');
}

/**
 * The deposits' side of the console under /api/admin: the deposit review queue, and coins with
 * their networks (admin only): deposit address sources, minimums, fees, withdrawal limits.
 */
export const depositOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(
    reviewQueue({
      endpoints: {
        list: endpoints.operatorDeposits,
        pass: endpoints.operatorDepositPass,
        reject: endpoints.operatorDepositReject,
      },
      target: 'deposit',
      // A rejected deposit moved no money, but its record changed.
      refetchOn: 'reject',
      list: (db, query) => depositQueue(db, query, app.chain.explorer),
      decide: decideDeposit,
    }),
  );

  const settings = operatorSettings(app);

  app.route({
    ...settings.route(endpoints.operatorCoins),
    handler: async () =>
      ok(
        (await app.db.select().from(coins).orderBy(asc(coins.sort), asc(coins.id))).map((c) =>
          coinView(app, c),
        ),
      ),
  });

  app.route({
    ...settings.route(endpoints.operatorCoinUpdate),
    handler: async (request) => {
      const b = request.body;
      const row = await settings.edit(
        request,
        { type: 'coin', id: request.params.id },
        (tx) => coinRow(tx, request.params.id),
        async (tx, before) => {
          await checkWithdrawTerms(app, tx, before, b);
          await tx
            .update(coins)
            .set({
              fullName: b.full_name,
              networks: [...new Set(b.networks)],
              depositMin: b.deposit_min,
              withdrawMin: b.withdraw_min,
              withdrawFee: b.withdraw_fee,
              sort: b.sort,
            })
            .where(eq(coins.id, request.params.id));
        },
      );
      forgetCoins(app.db);
      return ok(coinView(app, row));
    },
  });

  await app.register(coinNetworkRoutes);
};
