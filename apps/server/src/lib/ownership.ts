import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/** What a process does when it takes a resource over, and when it loses it. */
export interface Owned {
  /** Load what the resource needs (a pair's book) before anything is asked of it. */
  gained(): Promise<void>;
  /**
   * Stop: another process may take it over. Given back on purpose, the lock is released only
   * once this resolves (a pair's last batch is committed before its next owner loads the book).
   */
  lost(): void | Promise<void>;
}

/**
 * Which process owns what (a spot pair, the market source, a contract symbol's triggers): each
 * resource has exactly one owner at a time. One process owns everything at once (`soleOwner`);
 * several on one PostgreSQL take each resource with a session advisory lock on a connection of
 * their own (`advisoryOwnership`), which PostgreSQL releases the moment that process dies, so
 * another takes it over on its next try.
 */
export interface Ownership {
  claim(resource: string, owned: Owned): void;
  owns(resource: string): boolean;
  /** What this process owns now (health, logs). */
  owned(): string[];
  close(): Promise<void>;
}

export function soleOwner(log: FastifyBaseLogger): Ownership {
  const held = new Map<string, Owned>();
  return {
    claim(resource, owned) {
      held.set(resource, owned);
      owned.gained().catch((err: unknown) => log.error({ err, resource }, 'taking over failed'));
    },
    owns: (resource) => held.has(resource),
    owned: () => [...held.keys()],
    async close() {
      for (const owned of held.values()) await owned.lost();
      held.clear();
    },
  };
}

interface Claim {
  owned: Owned;
  state: 'waiting' | 'loading' | 'owner';
  /** Given back to even out the load: not taken again here before this time. */
  restUntil: number;
}

/** `spot:BTCUSDT` → `spot`. */
const kindOf = (resource: string) => resource.split(':')[0]!;

/** What the ownership connections call themselves: counting them counts the live processes. */
const APPLICATION = 'hx-owner';
/** What one calls itself while its process is cut off from the bus: not counted, owning nothing. */
const CUT_OFF = 'hx-owner-cut';
/** A bus cut shorter than this (a NATS restart, a reconnect) costs no resource. */
export const CUT_GRACE_MS = 1000;

export interface OwnershipOptions {
  /** How often a round tries (the failover time is about this). */
  everyMs?: number;
  /** Since when this process is cut off from the bus, or null (Bus.cutSince). */
  cutSince?: () => number | null;
}

/** The processes counted for the shares: those on the bus, and those cut off from it. */
async function liveProcesses(c: pg.Client): Promise<{ on: number; off: number }> {
  const { rows } = await c.query<{ on: number; off: number }>(
    `select count(*) filter (where application_name = $1)::int as on,
            count(*) filter (where application_name = $2)::int as off
       from pg_stat_activity where datname = current_database()`,
    [APPLICATION, CUT_OFF],
  );
  return { on: rows[0]?.on ?? 0, off: rows[0]?.off ?? 1 };
}

/**
 * Per kind of resource (spot pairs, contract symbols, the market), how many there are and how
 * many this process holds: shares are per kind, so each process gets some of each.
 */
function kindCounts(known: [string, Claim][]) {
  const kinds = new Map<string, { total: number; held: number }>();
  for (const [resource, claim] of known) {
    const kind = kinds.get(kindOf(resource)) ?? { total: 0, held: 0 };
    kind.total++;
    if (claim.state !== 'waiting') kind.held++;
    kinds.set(kindOf(resource), kind);
  }
  return kinds;
}

async function giveClaimBack(
  c: pg.Client,
  resource: string,
  claim: Claim,
  restUntil: number,
  log: FastifyBaseLogger,
) {
  claim.state = 'waiting';
  claim.restUntil = restUntil;
  await claim.owned.lost();
  await c.query('select pg_advisory_unlock(hashtext($1))', [`hx:${resource}`]);
  log.info({ resource }, 'gave ownership back');
}

/**
 * Takes `resource` if its lock is free: held from the lock on (loading, then owner); a failed
 * takeover gives it straight back. Whether the lock was taken.
 */
async function takeClaim(
  c: pg.Client,
  resource: string,
  claim: Claim,
  now: number,
  log: FastifyBaseLogger,
): Promise<boolean> {
  const { rows } = await c.query<{ ok: boolean }>(
    'select pg_try_advisory_lock(hashtext($1)) as ok',
    [`hx:${resource}`],
  );
  if (!rows[0]?.ok) return false;
  claim.state = 'loading';
  try {
    await claim.owned.gained();
    if (claim.state === 'loading') claim.state = 'owner';
    log.info({ resource }, 'took ownership');
  } catch (err) {
    log.error({ err, resource }, 'taking over failed; giving it back');
    await giveClaimBack(c, resource, claim, now, log);
  }
  return true;
}

/**
 * Tries every `everyMs` for the resources it does not own (the failover time is about this), up
 * to its share: the resources over the live processes (their ownership connections, counted in
 * `pg_stat_activity`). A process over its share, as after another one joined, gives a few back
 * each round for the others to take.
 *
 * A process cut off from the bus for CUT_GRACE_MS, while others are still on it, cannot hear
 * the requests forwarded to it: it gives everything back (each resource's `lost` first) and is
 * no longer counted (its connection renames itself CUT_OFF) until the bus is back. When every
 * process is cut off (NATS itself is down), they share the resources among themselves as before.
 */
export function advisoryOwnership(
  url: string,
  log: FastifyBaseLogger,
  { everyMs = 1000, cutSince = () => null }: OwnershipOptions = {},
): Ownership {
  const claims = new Map<string, Claim>();
  let client: pg.Client | null = null;
  let closed = false;
  let busy = false;
  let calledAs = APPLICATION;

  function loseAll(why: string) {
    if (client && !closed) log.warn({ why }, 'ownership connection lost: giving up every resource');
    client = null;
    for (const [resource, claim] of claims) {
      if (claim.state === 'waiting') continue;
      claim.state = 'waiting';
      Promise.resolve()
        .then(() => claim.owned.lost())
        .catch((err: unknown) => log.error({ err, resource }, 'giving up failed'));
    }
  }

  async function connection(): Promise<pg.Client> {
    if (client) return client;
    const c = new pg.Client({
      connectionString: url,
      keepAlive: true,
      application_name: APPLICATION,
    });
    c.on('error', (err) => {
      if (client === c) loseAll(err.message);
    });
    c.on('end', () => {
      if (client === c) loseAll('ended');
    });
    await c.connect();
    client = c;
    calledAs = APPLICATION;
    return c;
  }

  const giveBack = (c: pg.Client, resource: string, claim: Claim, restUntil: number) =>
    giveClaimBack(c, resource, claim, restUntil, log);

  /** Cut off while others are on the bus: every resource goes to them. */
  async function standDown(c: pg.Client) {
    for (const [resource, claim] of claims) {
      if (claim.state !== 'owner' || closed) continue;
      await giveBack(c, resource, claim, 0);
    }
  }

  async function round() {
    if (busy || closed) return;
    busy = true;
    try {
      const c = await connection();
      const since = cutSince();
      const cut = since !== null && Date.now() - since >= CUT_GRACE_MS;
      const name = cut ? CUT_OFF : APPLICATION;
      if (name !== calledAs) {
        await c.query(`set application_name = '${name}'`);
        calledAs = name;
        log.warn({ cut }, cut ? 'cut off from the bus' : 'back on the bus');
      }
      // A connection that silently died answers nothing here (and its locks are gone).
      const live = await liveProcesses(c);
      const onBus = live.on;
      if (cut && onBus > 0) {
        await standDown(c);
        return;
      }
      const processes = Math.max(1, cut ? live.off : onBus);
      const known = [...claims]; // claims made while this round runs wait for the next
      const kinds = kindCounts(known);
      const share = (kind: { total: number }) => Math.ceil(kind.total / processes);
      const now = Date.now();
      let given = 0; // a few a round: the others take them meanwhile
      for (const [resource, claim] of [...known].reverse()) {
        const kind = kinds.get(kindOf(resource))!;
        if (given === 3 || closed) break;
        if (claim.state !== 'owner' || kind.held <= share(kind)) continue;
        await giveBack(c, resource, claim, now + 3 * everyMs);
        kind.held--;
        given++;
      }
      for (const [resource, claim] of known) {
        const kind = kinds.get(kindOf(resource))!;
        if (closed) break;
        if (claim.state !== 'waiting' || claim.restUntil > now || kind.held >= share(kind))
          continue;
        if (await takeClaim(c, resource, claim, now, log)) kind.held++;
      }
    } catch (err) {
      // Only a lost connection loses the locks; anything else is this round's own failure.
      const alive = await client?.query('select 1').then(
        () => true,
        () => false,
      );
      if (alive) log.error({ err }, 'an ownership round failed');
      else loseAll((err as Error).message);
    } finally {
      busy = false;
    }
  }

  const timer = setInterval(() => void round(), everyMs);
  timer.unref();
  return {
    claim(resource, owned) {
      claims.set(resource, { owned, state: 'waiting', restUntil: 0 });
      void round();
    },
    // Held from the lock on, while loading too: what it publishes then is the owner's.
    owns: (resource) => (claims.get(resource)?.state ?? 'waiting') !== 'waiting',
    owned: () => [...claims].filter(([, c]) => c.state !== 'waiting').map(([r]) => r),
    async close() {
      closed = true;
      clearInterval(timer);
      const c = client;
      loseAll('closing');
      // Ending the session releases its locks for the others at once.
      await c?.end().catch(() => undefined);
    },
  };
}

/**
 * Runs `work` (migrations, the seed) while no other process on the same PostgreSQL runs its own:
 * several processes started at once on a fresh database would otherwise race to create it.
 */
export async function oneAtATime<T>(url: string | undefined, work: () => Promise<T>): Promise<T> {
  if (!url) return work(); // the embedded database: one process by construction
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query("select pg_advisory_lock(hashtext('hx:start'))");
    return await work();
  } finally {
    await c.end().catch(() => undefined); // ending the session releases the lock
  }
}
