import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, type ChainNetworkStatus } from '@hx/protocol';
import { coins, deposits, withdrawals } from '@hx/db';
import { Decimal } from '@hx/money';
import type { ServerDeps } from '../../lib/deps.ts';
import { routeOf } from '../../lib/endpoint.ts';
import { ok } from '../../plugins/envelope.ts';
import { allow, ROLES } from '../operator-core/auth.ts';
import { readCursor } from './store.ts';
import type { NetworkWatcher } from './types.ts';

const security = [{ token: [] }];

/** In-flight rows the console lists per network (the counts are whole). */
const SHOWN = 20;
const reasonOf = (error: unknown) =>
  ((error as { shortMessage?: string }).shortMessage ?? String(error)).slice(0, 200);

async function inFlight(app: Pick<ServerDeps, 'chain' | 'db'>, network: string) {
  const explorer = (hash: string | null) => app.chain.explorer(network, hash);
  const depositWhere = and(eq(deposits.network, network), eq(deposits.status, 'confirming'));
  const [d] = await app.db.select({ n: count() }).from(deposits).where(depositWhere);
  const ds = await app.db
    .select({ d: deposits, coin: coins.name })
    .from(deposits)
    .innerJoin(coins, eq(coins.id, deposits.coinId))
    .where(depositWhere)
    .orderBy(asc(deposits.id))
    .limit(SHOWN);
  const paying = and(
    eq(withdrawals.network, network),
    eq(withdrawals.status, 'passed'),
    inArray(withdrawals.chainStatus, ['queued', 'sent']),
  );
  const [w] = await app.db.select({ n: count() }).from(withdrawals).where(paying);
  const ws = await app.db
    .select({ w: withdrawals, coin: coins.name })
    .from(withdrawals)
    .innerJoin(coins, eq(coins.id, withdrawals.coinId))
    .where(paying)
    .orderBy(asc(withdrawals.id))
    .limit(SHOWN);
  return {
    deposits: {
      count: d?.n ?? 0,
      list: ds.map(({ d, coin }) => ({
        id: d.id,
        user_id: d.userId,
        coin,
        amount: new Decimal(d.amount).toFixed(),
        tx_hash: d.txHash,
        explorer_url: explorer(d.txHash),
        confirmations: d.confirmations,
        state: d.status,
        created_at: d.createdAt.getTime(),
      })),
    },
    withdrawals: {
      count: w?.n ?? 0,
      list: ws.map(({ w, coin }) => ({
        id: w.id,
        user_id: w.userId,
        coin,
        amount: new Decimal(w.receive).toFixed(),
        tx_hash: w.txHash,
        explorer_url: explorer(w.txHash),
        confirmations: w.confirmations,
        state: w.chainStatus ?? 'queued',
        created_at: w.createdAt.getTime(),
      })),
    },
  };
}

/** One network's status; the node is asked live, and a node that does not answer is said so. */
async function networkStatus(
  app: Pick<ServerDeps, 'chain' | 'db'>,
  watcher: NetworkWatcher,
): Promise<ChainNetworkStatus> {
  const { config, adapter } = watcher;
  const cursor = await readCursor(app.db, config.network);
  let head: number | null = null;
  let error: string | null = null;
  try {
    head = await adapter.head();
  } catch (e) {
    error = reasonOf(e);
  }
  let hot: ChainNetworkStatus['hot_wallet'] = null;
  if (config.hotWallet) {
    const balances = [];
    for (const asset of config.assets) {
      let amount: string | null = null;
      try {
        const { formatUnits } = await import('viem');
        amount = formatUnits(await adapter.balance(config.hotWallet, asset), asset.decimals);
      } catch (e) {
        error ??= reasonOf(e);
      }
      const low = config.lowBalance.get(asset.coin) ?? null;
      const warning = amount !== null && low !== null && new Decimal(amount).lessThan(low);
      balances.push({ coin: asset.coin, amount, low, warning });
    }
    hot = { address: config.hotWallet, balances };
  }
  const height = cursor?.height ?? null;
  return {
    network: config.network,
    confirmations: config.confirmations,
    watcher: {
      height,
      head,
      lag: head !== null && height !== null ? Math.max(0, head - height) : null,
      updated_at: cursor?.updatedAt.getTime() ?? null,
      error,
    },
    hot_wallet: hot,
    ...(await inFlight(app, config.network)),
  };
}

/** The chain networks in the console under /api/admin (reviewers): watcher, hot wallet, in flight. */
export const chainOperatorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(endpoints.operatorChain, { security, under: '/admin' }),
    onRequest: allow(app, ROLES.review),
    handler: async () => {
      const networks = [];
      for (const w of app.chain.watchers) networks.push(await networkStatus(app, w));
      return ok({ networks });
    },
  });
};
