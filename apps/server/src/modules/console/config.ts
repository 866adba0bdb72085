import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, count, eq, inArray, max, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  BANK_NETWORK,
  configCoin,
  configCoinBody,
  configFinanceProduct,
  configFinanceProductBody,
  configLeverPair,
  configLeverPairBody,
  configOptionPeriod,
  configOptionPeriodBody,
  configOptionPeriodCreate,
  configProject,
  configProjectBody,
  configProjectCreate,
  configSpotPair,
  configSpotPairBody,
  idParams,
  secondsParams,
  symbolParams,
} from '@hx/contracts';
import {
  coinNetworks,
  coins,
  financeProducts,
  leverPairs,
  optionPeriods,
  spotOrders,
  spotPairs,
  subscriptionProjects,
  subscriptions,
  type Db,
} from '@hx/db';
import { Decimal } from '@hx/money';
import { ok, okSchema } from '../../plugins/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { adminOf, allow, ROLES } from '../admin/auth.ts';
import { writeAudit } from '../admin/audit.ts';
import { auditText } from './rows.ts';

const tags = ['operator'];
const security = [{ token: [] }];
const plain = (v: string) => new Decimal(v).toFixed();

/**
 * Configuration (admin only): coins, spot and contract pairs, option periods, finance products
 * and subscription projects. Every change runs in one transaction with its audit record (the row
 * before and after), then the module that caches the table reloads it: no restart. Nothing here
 * writes a price, an order, a position or a balance; terms apply to what users open afterwards.
 */
export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = allow(app, ROLES.admin);

  /** Locks the row, applies `change`, audits before/after; returns the row after. */
  async function edit<R extends Record<string, unknown>>(
    request: Parameters<typeof adminOf>[0],
    target: { type: string; id: number },
    load: (tx: Db) => Promise<R | undefined>,
    change: (tx: Db, before: R) => Promise<void>,
  ): Promise<R> {
    return app.db.transaction(async (tx) => {
      const before = await load(tx);
      if (!before) throw new AppError('NOT_FOUND');
      await change(tx, before);
      const after = (await load(tx))!;
      await writeAudit(tx, {
        adminId: adminOf(request).id,
        action: `config.${target.type}`,
        targetType: target.type,
        targetId: target.id,
        before: auditText(before),
        after: auditText(after),
        reason: null,
        at: app.clock.now(),
      });
      return after;
    });
  }

  async function created(
    request: Parameters<typeof adminOf>[0],
    tx: Db,
    type: string,
    id: number,
    row: Record<string, unknown>,
  ) {
    await writeAudit(tx, {
      adminId: adminOf(request).id,
      action: `config.${type}.create`,
      targetType: type,
      targetId: id,
      before: null,
      after: auditText(row),
      reason: null,
      at: app.clock.now(),
    });
  }

  const schema = <T extends object>(summary: string, extra: T) => ({
    tags,
    security,
    summary,
    ...extra,
  });

  // ---------- coins ----------
  type Coin = typeof coins.$inferSelect;
  const coinView = (c: Coin): z.infer<typeof configCoin> => ({
    id: c.id,
    name: c.name,
    full_name: c.fullName,
    decimals: c.decimals,
    networks: c.networks.map((network) => {
      // Console values over the environment (coin networks, console/networks.ts).
      const found = app.coinNetworks.settings.resolve(c.name, network);
      return {
        network,
        deposit:
          found.kind === 'xpub'
            ? 'xpub'
            : found.source === 'demo'
              ? 'demo'
              : (found.kind ?? 'none'),
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
   * a limit saved for one of the coin's networks (console/networks.ts).
   */
  const checkWithdrawTerms = async (tx: Db, coin: Coin, b: z.output<typeof configCoinBody>) => {
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
  };

  app.get(
    '/config/coins',
    {
      onRequest,
      schema: schema('Coins: networks, deposit address source, minimums and fees', {
        response: { 200: okSchema(z.array(configCoin)) },
      }),
    },
    async () =>
      ok((await app.db.select().from(coins).orderBy(asc(coins.sort), asc(coins.id))).map(coinView)),
  );

  app.put(
    '/config/coins/:id',
    {
      onRequest,
      schema: schema(
        "Edit a coin's networks, minimums and withdrawal fee (decimals never change)",
        { params: idParams, body: configCoinBody, response: { 200: okSchema(configCoin) } },
      ),
    },
    async (request) => {
      const b = request.body;
      const row = await edit(
        request,
        { type: 'coin', id: request.params.id },
        (tx) => coinRow(tx, request.params.id),
        async (tx, before) => {
          await checkWithdrawTerms(tx, before, b);
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
      return ok(coinView(row));
    },
  );

  // ---------- spot pairs ----------
  type SpotPair = typeof spotPairs.$inferSelect;
  const spotView = (p: SpotPair, open: number): z.infer<typeof configSpotPair> => ({
    symbol: p.symbol,
    price_scale: p.priceScale,
    amount_scale: p.amountScale,
    tick: plain(p.tick),
    step: plain(p.step),
    maker_fee: plain(p.makerFee),
    taker_fee: plain(p.takerFee),
    enabled: p.enabled,
    sort: p.sort,
    open_orders: open,
  });
  const openOrders = async (db: Db, symbols?: string[]) => {
    const rows = await db
      .select({ symbol: spotOrders.symbol, n: count() })
      .from(spotOrders)
      .where(
        and(
          eq(spotOrders.status, 'waiting'),
          symbols ? inArray(spotOrders.symbol, symbols) : undefined,
        ),
      )
      .groupBy(spotOrders.symbol);
    return new Map(rows.map((r) => [r.symbol, Number(r.n)]));
  };

  app.get(
    '/config/spot-pairs',
    {
      onRequest,
      schema: schema('Spot pairs: tick, step, fees, enabled; with their open orders', {
        response: { 200: okSchema(z.array(configSpotPair)) },
      }),
    },
    async () => {
      const open = await openOrders(app.db);
      const rows = await app.db.select().from(spotPairs).orderBy(asc(spotPairs.sort));
      return ok(rows.map((p) => spotView(p, open.get(p.symbol) ?? 0)));
    },
  );

  app.put(
    '/config/spot-pairs/:symbol',
    {
      onRequest,
      schema: schema(
        'Edit a spot pair (tick and step only while it has no open orders: PAIR_HAS_ORDERS)',
        {
          params: symbolParams,
          body: configSpotPairBody,
          response: { 200: okSchema(configSpotPair) },
        },
      ),
    },
    async (request) => {
      const b = request.body;
      const symbol = request.params.symbol;
      let previous: SpotPair | undefined;
      const row = await edit(
        request,
        { type: 'spot_pair', id: 0 },
        async (tx) =>
          (await tx.select().from(spotPairs).where(eq(spotPairs.symbol, symbol)).for('update'))[0],
        async (tx, before) => {
          previous = before;
          const units =
            !new Decimal(b.tick).eq(before.tick) || !new Decimal(b.step).eq(before.step);
          if (new Decimal(b.tick).decimalPlaces() > before.priceScale)
            throw new AppError('CONFIG_INVALID', { field: 'tick' });
          if (new Decimal(b.step).decimalPlaces() > before.amountScale)
            throw new AppError('CONFIG_INVALID', { field: 'step' });
          if (units && ((await openOrders(tx, [symbol])).get(symbol) ?? 0) > 0)
            throw new AppError('PAIR_HAS_ORDERS');
          await tx
            .update(spotPairs)
            .set({
              tick: b.tick,
              step: b.step,
              makerFee: b.maker_fee,
              takerFee: b.taker_fee,
              enabled: b.enabled,
              sort: b.sort,
            })
            .where(eq(spotPairs.symbol, symbol));
        },
      );
      try {
        await app.spot.reloadPairs(); // the books follow the table
      } catch (err) {
        // An order arrived between the check and the reload: the pair goes back as it was.
        const { symbol: _, ...was } = previous!;
        await app.db.update(spotPairs).set(was).where(eq(spotPairs.symbol, symbol));
        await app.spot.reloadPairs();
        throw err;
      }
      return ok(spotView(row, (await openOrders(app.db, [symbol])).get(symbol) ?? 0));
    },
  );

  // ---------- contract pairs ----------
  type LeverPair = typeof leverPairs.$inferSelect;
  const leverView = (p: LeverPair): z.infer<typeof configLeverPair> => ({
    symbol: p.symbol,
    lot_size: plain(p.lotSize),
    multiples: p.multiples,
    spread: plain(p.spread),
    fee_rate: plain(p.feeRate),
    maintenance_ratio: plain(p.maintenanceRatio),
    enabled: p.enabled,
    sort: p.sort,
  });

  /**
   * A short at the highest multiple opens at mark × (1 − spread) and loses spread × mark at once:
   * spread × multiple ÷ (1 − spread) of its margin. At 1 − maintenance it is liquidated on opening.
   */
  const checkSpread = (b: z.output<typeof configLeverPairBody>) => {
    const spread = new Decimal(b.spread);
    const reach = new Decimal(1).minus(b.maintenance_ratio).times(new Decimal(1).minus(spread));
    if (spread.times(Math.max(...b.multiples)).gte(reach))
      throw new AppError('CONFIG_SPREAD_LIQUIDATES');
  };

  app.get(
    '/config/lever-pairs',
    {
      onRequest,
      schema: schema('Contract pairs: lot size, multiples, spread, fee, maintenance ratio', {
        response: { 200: okSchema(z.array(configLeverPair)) },
      }),
    },
    async () =>
      ok(
        (
          await app.db
            .select()
            .from(leverPairs)
            .orderBy(asc(leverPairs.sort), asc(leverPairs.symbol))
        ).map(leverView),
      ),
  );

  app.put(
    '/config/lever-pairs/:symbol',
    {
      onRequest,
      schema: schema('Edit a contract pair (open positions keep the terms they opened with)', {
        params: symbolParams,
        body: configLeverPairBody,
        response: { 200: okSchema(configLeverPair) },
      }),
    },
    async (request) => {
      const b = request.body;
      const symbol = request.params.symbol;
      const row = await edit(
        request,
        { type: 'lever_pair', id: 0 },
        async (tx) =>
          (
            await tx.select().from(leverPairs).where(eq(leverPairs.symbol, symbol)).for('update')
          )[0],
        async (tx) => {
          checkSpread(b);
          await tx
            .update(leverPairs)
            .set({
              lotSize: b.lot_size,
              multiples: [...new Set(b.multiples)].sort((x, y) => x - y),
              spread: b.spread,
              feeRate: b.fee_rate,
              maintenanceRatio: b.maintenance_ratio,
              enabled: b.enabled,
              sort: b.sort,
            })
            .where(eq(leverPairs.symbol, symbol));
        },
      );
      await app.lever.triggers.reloadPairs();
      return ok(leverView(row));
    },
  );

  // ---------- option periods ----------
  type Period = typeof optionPeriods.$inferSelect;
  const periodView = (p: Period): z.infer<typeof configOptionPeriod> => ({
    seconds: p.seconds,
    profit_rate: plain(p.profitRate),
    min_amount: plain(p.minAmount),
    enabled: p.enabled,
    sort: p.sort,
  });
  const periodRow = async (tx: Db, seconds: number) =>
    (
      await tx.select().from(optionPeriods).where(eq(optionPeriods.seconds, seconds)).for('update')
    )[0];

  app.get(
    '/config/option-periods',
    {
      onRequest,
      schema: schema('Option periods: seconds, payout rate, minimum stake', {
        response: { 200: okSchema(z.array(configOptionPeriod)) },
      }),
    },
    async () =>
      ok(
        (
          await app.db
            .select()
            .from(optionPeriods)
            .orderBy(asc(optionPeriods.sort), asc(optionPeriods.seconds))
        ).map(periodView),
      ),
  );

  app.post(
    '/config/option-periods',
    {
      onRequest,
      schema: schema('Add an option period', {
        body: configOptionPeriodCreate,
        response: { 200: okSchema(configOptionPeriod) },
      }),
    },
    async (request) => {
      const b = request.body;
      return ok(
        periodView(
          await app.db.transaction(async (tx) => {
            const [row] = await tx
              .insert(optionPeriods)
              .values({
                seconds: b.seconds,
                profitRate: b.profit_rate,
                minAmount: b.min_amount,
                enabled: b.enabled,
                sort: b.sort,
              })
              .onConflictDoNothing()
              .returning();
            if (!row) throw new AppError('CONFIG_INVALID', { field: 'seconds' });
            await created(request, tx, 'option_period', row.seconds, row);
            return row;
          }),
        ),
      );
    },
  );

  app.put(
    '/config/option-periods/:seconds',
    {
      onRequest,
      schema: schema('Edit an option period (orders keep the payout they were bought with)', {
        params: secondsParams,
        body: configOptionPeriodBody,
        response: { 200: okSchema(configOptionPeriod) },
      }),
    },
    async (request) => {
      const b = request.body;
      const seconds = request.params.seconds;
      const row = await edit(
        request,
        { type: 'option_period', id: seconds },
        (tx) => periodRow(tx, seconds),
        async (tx) => {
          await tx
            .update(optionPeriods)
            .set({
              profitRate: b.profit_rate,
              minAmount: b.min_amount,
              enabled: b.enabled,
              sort: b.sort,
            })
            .where(eq(optionPeriods.seconds, seconds));
        },
      );
      return ok(periodView(row));
    },
  );

  // ---------- finance products ----------
  type Product = typeof financeProducts.$inferSelect;
  const productView = (p: Product): z.infer<typeof configFinanceProduct> => ({
    id: p.id,
    code: p.code,
    name: p.name,
    currency_id: p.coinId,
    days: p.days,
    min_amount: plain(p.minAmount),
    max_amount: p.maxAmount === null ? null : plain(p.maxAmount),
    daily_rate: plain(p.dailyRate),
    penalty_rate: p.penaltyRate === null ? null : plain(p.penaltyRate),
    enabled: p.enabled,
    sort: p.sort,
  });
  const productValues = async (tx: Db, b: z.output<typeof configFinanceProductBody>) => {
    const [coin] = await tx.select({ id: coins.id }).from(coins).where(eq(coins.id, b.currency_id));
    if (!coin) throw new AppError('CURRENCY_INVALID');
    if (b.max_amount !== null && new Decimal(b.max_amount).lt(b.min_amount))
      throw new AppError('CONFIG_MIN_ABOVE_MAX');
    return {
      name: b.name,
      coinId: b.currency_id,
      days: b.days,
      minAmount: b.min_amount,
      maxAmount: b.max_amount,
      dailyRate: b.daily_rate,
      penaltyRate: b.penalty_rate,
      enabled: b.enabled,
      sort: b.sort,
    };
  };

  app.get(
    '/config/finance-products',
    {
      onRequest,
      schema: schema('Financial products', {
        response: { 200: okSchema(z.array(configFinanceProduct)) },
      }),
    },
    async () =>
      ok(
        (
          await app.db
            .select()
            .from(financeProducts)
            .orderBy(asc(financeProducts.sort), asc(financeProducts.id))
        ).map(productView),
      ),
  );

  app.post(
    '/config/finance-products',
    {
      onRequest,
      schema: schema('Add a financial product', {
        body: configFinanceProductBody,
        response: { 200: okSchema(configFinanceProduct) },
      }),
    },
    async (request) =>
      ok(
        productView(
          await app.db.transaction(async (tx) => {
            const values = await productValues(tx, request.body);
            const [row] = await tx
              .insert(financeProducts)
              .values({ ...values, code: `op-${app.clock.now().getTime().toString(36)}` })
              .returning();
            await created(request, tx, 'finance_product', row!.id, row!);
            return row!;
          }),
        ),
      ),
  );

  app.put(
    '/config/finance-products/:id',
    {
      onRequest,
      schema: schema('Edit a financial product (orders keep the terms they were bought with)', {
        params: idParams,
        body: configFinanceProductBody,
        response: { 200: okSchema(configFinanceProduct) },
      }),
    },
    async (request) => {
      const id = request.params.id;
      const row = await edit(
        request,
        { type: 'finance_product', id },
        async (tx) =>
          (
            await tx.select().from(financeProducts).where(eq(financeProducts.id, id)).for('update')
          )[0],
        async (tx) => {
          await tx
            .update(financeProducts)
            .set(await productValues(tx, request.body))
            .where(eq(financeProducts.id, id));
        },
      );
      return ok(productView(row));
    },
  );

  // ---------- subscription projects ----------
  type Project = typeof subscriptionProjects.$inferSelect;
  const projectView = (p: Project, name: string, n: number): z.infer<typeof configProject> => ({
    id: p.id,
    currency_id: p.coinId,
    name,
    issue_price: plain(p.issuePrice),
    pay_coins: p.payCoins,
    supply: plain(p.supply),
    min_tokens: plain(p.minTokens),
    lock_days: p.lockDays,
    start_at: p.startAt.getTime(),
    close_at: p.closeAt.getTime(),
    launch_at: p.launchAt.getTime(),
    introduction: p.introduction,
    website: p.website,
    recommended: p.recommended,
    allocated_at: p.allocatedAt ? p.allocatedAt.getTime() : null,
    subscriptions: n,
  });
  const projects = async (db: Db, id?: number) => {
    const rows = await db
      .select({ p: subscriptionProjects, name: coins.name })
      .from(subscriptionProjects)
      .innerJoin(coins, eq(coins.id, subscriptionProjects.coinId))
      .where(id === undefined ? undefined : eq(subscriptionProjects.id, id))
      .orderBy(asc(subscriptionProjects.id));
    const counts = await db
      .select({ id: subscriptions.projectId, n: count() })
      .from(subscriptions)
      .groupBy(subscriptions.projectId);
    const n = new Map(counts.map((c) => [c.id, Number(c.n)]));
    return rows.map(({ p, name }) => projectView(p, name, n.get(p.id) ?? 0));
  };

  /** start < close < launch; every pay coin exists and is not the token itself; min ≤ supply. */
  const checkProjectTerms = async (
    tx: Db,
    b: z.output<typeof configProjectBody>,
    tokenId: number | null,
  ) => {
    if (!(b.start_at < b.close_at && b.close_at < b.launch_at))
      throw new AppError('PROJECT_TIMES_INVALID');
    if (new Decimal(b.min_tokens).gt(b.supply)) throw new AppError('CONFIG_MIN_ABOVE_MAX');
    const ids = [...new Set(b.pay_coins)];
    const found = await tx.select({ id: coins.id }).from(coins).where(inArray(coins.id, ids));
    if (found.length !== ids.length || (tokenId !== null && ids.includes(tokenId)))
      throw new AppError('PROJECT_PAY_COIN_INVALID');
  };
  const projectTerms = (b: z.output<typeof configProjectBody>) => ({
    issuePrice: b.issue_price,
    payCoins: [...new Set(b.pay_coins)],
    supply: b.supply,
    minTokens: b.min_tokens,
    lockDays: b.lock_days,
    startAt: new Date(b.start_at),
    closeAt: new Date(b.close_at),
    launchAt: new Date(b.launch_at),
    introduction: b.introduction,
    website: b.website,
    recommended: b.recommended,
  });

  app.get(
    '/config/subscription-projects',
    {
      onRequest,
      schema: schema('Subscription projects with their subscription counts', {
        response: { 200: okSchema(z.array(configProject)) },
      }),
    },
    async () => ok(await projects(app.db)),
  );

  app.post(
    '/config/subscription-projects',
    {
      onRequest,
      schema: schema(
        "Add a project and its token: a new coin (ids from 100), or an existing coin of that name that is not a base coin nor another project's token",
        { body: configProjectCreate, response: { 200: okSchema(configProject) } },
      ),
    },
    async (request) => {
      const b = request.body;
      const id = await app.db.transaction(async (tx) => {
        // One new token at a time: the next coin id is chosen here.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('hx.coins.new'))`);
        let [coin] = await tx.select().from(coins).where(eq(coins.name, b.name)).for('update');
        if (coin) {
          const [used] = await tx
            .select({ id: subscriptionProjects.id })
            .from(subscriptionProjects)
            .where(eq(subscriptionProjects.coinId, coin.id));
          if (coin.isBase || used) throw new AppError('PROJECT_TOKEN_TAKEN', { coin: coin.name });
          if (coin.decimals !== b.decimals)
            throw new AppError('PROJECT_TOKEN_DECIMALS', {
              coin: coin.name,
              decimals: coin.decimals,
            });
        }
        await checkProjectTerms(tx, b, coin?.id ?? null);
        if (!coin) {
          const [last] = await tx.select({ id: max(coins.id) }).from(coins);
          const coinId = Math.max(99, last?.id ?? 0) + 1;
          [coin] = await tx
            .insert(coins)
            .values({
              id: coinId,
              name: b.name,
              fullName: b.full_name,
              decimals: b.decimals,
              sort: coinId,
            })
            .returning();
          await created(request, tx, 'coin', coin!.id, coin!);
        }
        const [row] = await tx
          .insert(subscriptionProjects)
          .values({ coinId: coin!.id, ...projectTerms(b) })
          .returning();
        await created(request, tx, 'subscription_project', row!.id, row!);
        return row!.id;
      });
      // Nothing caches projects: the app's publication pages and subscribing read the table.
      return ok((await projects(app.db, id))[0]!);
    },
  );

  app.put(
    '/config/subscription-projects/:id',
    {
      onRequest,
      schema: schema(
        'Edit a project: price and pay coins are fixed once anyone subscribed; nothing after allocation',
        { params: idParams, body: configProjectBody, response: { 200: okSchema(configProject) } },
      ),
    },
    async (request) => {
      const b = request.body;
      const id = request.params.id;
      await edit(
        request,
        { type: 'subscription_project', id },
        async (tx) =>
          (
            await tx
              .select()
              .from(subscriptionProjects)
              .where(eq(subscriptionProjects.id, id))
              .for('update')
          )[0],
        async (tx, before) => {
          if (before.allocatedAt) throw new AppError('CONFIG_INVALID', { field: 'allocated' });
          await checkProjectTerms(tx, b, before.coinId);
          const [taken] = await tx
            .select({ n: count() })
            .from(subscriptions)
            .where(eq(subscriptions.projectId, id));
          const fixed =
            !new Decimal(b.issue_price).eq(before.issuePrice) ||
            JSON.stringify(b.pay_coins) !== JSON.stringify(before.payCoins);
          if (fixed && Number(taken?.n ?? 0) > 0)
            throw new AppError('CONFIG_INVALID', { field: 'issue_price, pay_coins' });
          await tx
            .update(subscriptionProjects)
            .set(projectTerms(b))
            .where(eq(subscriptionProjects.id, id));
        },
      );
      return ok((await projects(app.db, id))[0]!);
    },
  );
};
