import { sql } from 'drizzle-orm';
import { migrationsBehind } from '@hx/db';
import type { ServerDeps } from '../../lib/deps.ts';

/** What a load balancer asks: may this process get requests? */
export interface Health {
  /** Set when the process is asked to stop: it reports not-ready while it drains. */
  draining: boolean;
  /** Why this process is not ready now (empty when it is). */
  reasons(): Promise<string[]>;
}

const DB_TIMEOUT_MS = 2000;

/** The source of market data runs in the process owning this (modules/market/live.ts). */
const MARKET_LEADER = 'market';

export function health(app: Pick<ServerDeps, 'db' | 'bus' | 'roster'>): Health {
  const state: Health = {
    draining: false,
    async reasons() {
      const reasons: string[] = [];
      if (state.draining) reasons.push('stopping');
      reasons.push(...(await databaseReasons(app)));
      if (app.bus.cutSince() !== null) reasons.push('bus: cut off from NATS');
      if (app.bus.clustered && !app.roster.list().some((p) => p.owns.includes(MARKET_LEADER)))
        reasons.push('market: no leader known');
      return reasons;
    },
  };
  return state;
}

async function databaseReasons(app: Pick<ServerDeps, 'db'>): Promise<string[]> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<string[]>((resolve) => {
    timer = setTimeout(() => resolve(['database: no answer in time']), DB_TIMEOUT_MS);
  });
  const asked = (async () => {
    await app.db.execute(sql`select 1`);
    const behind = await migrationsBehind(app.db);
    return behind > 0 ? [`migrations: ${behind} not applied`] : [];
  })().catch((err: unknown) => [`database: ${(err as Error).message}`]);
  return Promise.race([asked, late]).finally(() => clearTimeout(timer));
}
