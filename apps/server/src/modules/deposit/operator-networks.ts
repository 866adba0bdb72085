import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { BANK_NETWORK, endpoints, WITHDRAWALS_PER_DAY, type configCoinNetwork } from '@hx/protocol';
import { coinNetworks, coins } from '@hx/db';
import { Decimal } from '@hx/money';
import { ok } from '../../plugins/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { operatorSettings } from '../operator-core/settings.ts';
import { checkDepositTarget } from './networks.ts';
import type { DepositSettings } from './settings.ts';
import { deriveAddress } from './xpub.ts';
const plain = (v: string | null) => (v === null ? null : new Decimal(v).toFixed());

type Coin = typeof coins.$inferSelect;

/** A coin's networks as the console edits them: its own, and BANK for the bank currency. */
function networksOf(coin: Coin, settings: DepositSettings): string[] {
  const list = [...coin.networks];
  if (settings.bank?.currency === coin.name && !list.includes(BANK_NETWORK))
    list.push(BANK_NETWORK);
  return list;
}

/**
 * Coin networks (admin only): deposit address or xpub, deposits and withdrawals open or
 * suspended, and withdrawal limits, per coin and network. A saved value wins over
 * DEPOSIT_ADDRESSES / DEPOSIT_XPUBS; each network says where its address comes from. A change
 * runs in one transaction with its audit record (the row before and after), then the deposit
 * settings reload: the next deposit address or withdrawal request sees it. Nothing here writes a
 * price, an order or a balance.
 */
export const coinNetworkRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = operatorSettings(app);

  const view = (coin: Coin, network: string): z.infer<typeof configCoinNetwork> => {
    const settings = app.coinNetworks.settings;
    const found = settings.resolve(coin.name, network);
    const stored = app.coinNetworks.storedFor(coin.name, network);
    const terms = settings.terms(coin.name, network);
    return {
      network,
      bank: network === BANK_NETWORK,
      deposit: {
        source: found.source,
        kind: found.kind,
        address: found.address,
        xpub: found.xpub,
        sample: found.chain ? deriveAddress(found.chain, 1) : null,
      },
      stored: {
        deposit_address: stored?.depositAddress ?? null,
        deposit_xpub: stored?.depositXpub ?? null,
      },
      deposit_enabled: terms.depositEnabled,
      withdraw_enabled: terms.withdrawEnabled,
      withdraw_max: plain(terms.withdrawMax),
      withdraw_daily_amount: plain(terms.withdrawDailyAmount),
      withdrawals_per_day: WITHDRAWALS_PER_DAY,
      updated_at: stored?.updatedAt ? stored.updatedAt.getTime() : null,
    };
  };

  const coinOf = async (id: number) => {
    const [coin] = await app.db.select().from(coins).where(eq(coins.id, id));
    if (!coin) throw new AppError('NOT_FOUND');
    return coin;
  };

  app.route({
    ...settings.route(endpoints.operatorCoinNetworks),
    handler: async (request) => {
      const coin = await coinOf(request.params.id);
      await app.coinNetworks.reload(); // what another process saved shows at once too
      return ok(networksOf(coin, app.coinNetworks.settings).map((n) => view(coin, n)));
    },
  });

  app.route({
    ...settings.route(endpoints.operatorCoinNetworkUpdate),
    handler: async (request) => {
      const { id, network } = request.params;
      const b = request.body;
      const coin = await app.db.transaction(async (tx) => {
        // The coin row, locked: edits of one coin's networks run one at a time.
        const [coin] = await tx.select().from(coins).where(eq(coins.id, id)).for('update');
        if (!coin) throw new AppError('NOT_FOUND');
        if (!networksOf(coin, app.coinNetworks.settings).includes(network))
          throw new AppError('NETWORK_INVALID');
        const target = checkDepositTarget(
          coin.name,
          network,
          { address: b.deposit_address, xpub: b.deposit_xpub },
          app.config.bitcoinChain,
        );
        for (const [field, value] of [
          ['withdraw_max', b.withdraw_max],
          ['withdraw_daily_amount', b.withdraw_daily_amount],
        ] as const) {
          if (value === null) continue;
          if (new Decimal(value).decimalPlaces() > coin.decimals)
            throw new AppError('CONFIG_INVALID', {
              field: `${field}: at most ${coin.decimals} decimals`,
            });
          if (new Decimal(value).lessThan(coin.withdrawMin))
            throw new AppError('CONFIG_INVALID', {
              field: `${field}: below the withdrawal minimum`,
            });
        }
        const where = and(eq(coinNetworks.coinId, coin.id), eq(coinNetworks.network, network));
        const [before] = await tx.select().from(coinNetworks).where(where).for('update');
        const values = {
          depositAddress: target.address,
          depositXpub: target.xpub,
          depositEnabled: b.deposit_enabled,
          withdrawEnabled: b.withdraw_enabled,
          withdrawMax: b.withdraw_max,
          withdrawDailyAmount: b.withdraw_daily_amount,
          updatedAt: app.clock.now(),
        };
        const [after] = before
          ? await tx.update(coinNetworks).set(values).where(where).returning()
          : await tx
              .insert(coinNetworks)
              .values({ coinId: coin.id, network, ...values })
              .returning();
        await settings.changed(tx, request, { type: 'coin_network', id: after!.id }, before, after);
        return coin;
      });
      await app.coinNetworks.reload(); // deposits and withdrawals follow the table
      return ok(view(coin, network));
    },
  });
};
