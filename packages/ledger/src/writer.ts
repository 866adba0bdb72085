import { sql } from 'drizzle-orm';
import { isContention, isDatabaseError, isEmbedded, SequenceIds, type Db } from '@hx/db';
import { accountIds, refKey, type AccountRef } from './accounts.ts';
import { BatchState, JobScope, writeEntries, writeRows } from './batch.ts';
import { runJob, unitOfWork } from './unit-of-work.ts';
import { GroupCommit } from './group-commit.ts';
import { moveRows, type RowMove } from './moves.ts';
import { IdBlocks, jobApi, type LedgerJob } from './memory-job.ts';
import { claimKey, claimRow, claimsDone, repeatAnswer, type IdempotencyClaim } from './claims.ts';

interface Job {
  work: (tx: Db) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
  /** Submitted with `submit`: no SQL of its own, so no savepoint. */
  memory?: (job: LedgerJob) => Promise<unknown>;
  claim?: IdempotencyClaim;
  /** The accounts the job will post to, locked for the whole batch in one statement. */
  accounts?: AccountRef[];
  /** With `submit`: its row's change of state, made with the batch's (see moves.ts). */
  move?: RowMove;
}

export interface LedgerWriterOptions {
  /** The most jobs one batch takes. */
  maxBatch?: number;
  now?: () => Date;
  /** Told when a batch fails as a whole and its jobs are run again one by one. */
  onRetry?: (err: unknown) => void;
}

/**
 * The ledger's one writer in this process (group commit). `transaction(work)` queues `work`;
 * the jobs that arrive while a batch is being written form the next batch, run one after another
 * in ONE database transaction, each in its own savepoint, and every `post()` they make is only
 * checked and recorded; the batch's entries, postings and balances are then written in one
 * statement and committed together. Each caller gets its own answer: a job that throws
 * (INSUFFICIENT_BALANCE, a domain error) rolls back its savepoint alone, and its neighbours commit.
 * The domain rows a job writes commit atomically with its entries.
 *
 * Accounts are locked (`for update`, in id order) the first time a batch touches them and stay
 * locked until its commit, so balances are checked against what the database holds, whichever
 * process wrote it. A batch that fails as a whole (a deadlock with another process, a lost
 * connection) is run again one job per batch, so no job is lost or doubled.
 */
export class LedgerWriter {
  private readonly commits: GroupCommit<Job>;
  /** Account ids never change: remembered once a batch that used them committed. */
  private readonly ids = new Map<string, number>();
  private readonly domainIds: IdBlocks;
  private readonly entryIds: SequenceIds;
  private readonly now: () => Date;
  /** On the embedded database no batch ever waits on a lock, so none sets a lock timeout. */
  private readonly embedded: boolean;
  /** Batches written since the start, their jobs and the seconds spent (read by /metrics). */
  readonly stats = { batches: 0, jobs: 0, seconds: 0 };

  constructor(
    private readonly db: Db,
    private readonly options: LedgerWriterOptions = {},
  ) {
    const maxBatch = options.maxBatch ?? 128;
    this.commits = new GroupCommit<Job>({
      run: async (jobs) => {
        const started = performance.now();
        await this.run(jobs);
        this.stats.batches++;
        this.stats.jobs += jobs.length;
        this.stats.seconds += (performance.now() - started) / 1000;
      },
      alone: (job) => this.alone(job),
      failed: (jobs, err) => {
        if (jobs.length > 1) this.options.onRetry?.(err);
      },
      take: (queue) => takeBatch(queue, maxBatch),
    });
    this.domainIds = new IdBlocks(db);
    this.entryIds = new SequenceIds(db, 'journal_entries', 256);
    this.now = options.now ?? (() => new Date());
    this.embedded = isEmbedded(db);
  }

  /**
   * Runs `work` in the next batch; answers what it answers, or throws what it throws. The
   * `accounts` it names (known ids) are locked with the batch's before any job runs. With
   * `claim`, a repeat of the key is answered with the first answer (claims.ts). Never from
   * inside a job (nor `submit`): it would wait for the batch that waits for it; a job's own
   * savepoint is `unitOfWork(tx, …)` (a savepoint of a handle the ledger did not give refuses
   * to post).
   */
  transaction<T>(
    work: (tx: Db) => Promise<T>,
    options: { claim?: IdempotencyClaim; accounts?: AccountRef[] } = {},
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.commits.push({ work, resolve: resolve as (v: unknown) => void, reject, ...options });
    });
  }

  /**
   * Runs `work` in the next batch without a savepoint: it posts entries and adds domain rows
   * through `LedgerJob`, all checked in memory and written with the batch's statements, so a
   * batch of such jobs costs a few statements whatever its size. With `claim`, a repeat of the
   * same Idempotency-Key is answered with the first answer instead of running again. The
   * `accounts` it names (known ids: see `accounts()`) are locked with the rest of the batch's in
   * one statement before any job runs. Its `move` is made with the batch's moves, before any job
   * runs, and `work` finds the row it left in `job.moved` (null: the guard no longer held).
   */
  submit<T>(
    work: (job: LedgerJob) => Promise<T>,
    options: { claim?: IdempotencyClaim; accounts?: AccountRef[]; move?: RowMove } = {},
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.commits.push({
        work: () => Promise.reject(new Error('unreachable')),
        memory: work,
        ...options,
        resolve: resolve as (v: unknown) => void,
        reject,
      });
    });
  }

  /**
   * The ids of these accounts, creating the missing ones outside any batch (in one fixed order,
   * so callers that create accounts never wait on each other); remembered once known.
   */
  async accounts(refs: AccountRef[]): Promise<number[]> {
    const missing = refs.filter((r) => !this.ids.has(refKey(r)));
    if (missing.length > 0)
      for (const [key, id] of await accountIds(this.db, missing)) this.ids.set(key, id);
    return refs.map((r) => this.ids.get(refKey(r))!);
  }

  /** Resolves when every queued job has been answered. */
  idle(): Promise<void> {
    return this.commits.idle();
  }

  /** One job in a batch of its own; a deadlock with another writer is tried again. */
  private async alone(job: Job): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.run([job]);
      } catch (err) {
        if (!isContention(err) || attempt >= 5) return job.reject(err);
        await new Promise((r) => setTimeout(r, attempt * 10 * Math.random()));
      }
    }
  }

  /**
   * One batch. Throws only when the batch as a whole failed (nothing committed); otherwise every
   * job is answered here. A batch of one job needs no savepoint: its failure is the batch's.
   */
  private async run(jobs: Job[]): Promise<void> {
    const outcomes: ({ ok: true; value: unknown } | { ok: false; err: unknown })[] = [];
    let learned: Map<string, number> | undefined;
    // One unit of work: the users of the jobs that committed are told after the commit.
    await unitOfWork(this.db, async (tx) => {
      // A batch that waits on another writer's locks gives way soon (its jobs then run one
      // by one), so two batches that lock in different orders never wait out a deadlock.
      if (jobs.length > 1 && !this.embedded)
        await tx.execute(sql`set local lock_timeout = '100ms'`);
      const batch = new BatchState(tx, this.now, this.entryIds);
      const done = await claimsDone(
        tx,
        jobs.flatMap((j) => (j.claim ? [j.claim] : [])),
      );
      const named = jobs.flatMap((j) => j.accounts ?? []).filter((r) => this.ids.has(refKey(r)));
      await batch.lock(
        tx,
        named.map((r) => this.ids.get(refKey(r))!),
      );
      const repeats = jobs.map((j) => (j.claim ? done.get(claimKey(j.claim)) : undefined));
      const moving = jobs.filter((j, i) => j.move && !repeats[i]);
      const after = await moveRows(
        tx,
        moving.map((j) => j.move!),
      );
      const moved = new Map(moving.map((j, i) => [j, after[i]!]));
      for (const [i, job] of jobs.entries()) {
        const repeat = repeats[i];
        if (repeat) {
          try {
            outcomes.push({ ok: true, value: repeatAnswer(repeat) });
          } catch (err) {
            outcomes.push({ ok: false, err });
          }
          continue;
        }
        const scope = new JobScope(batch, this.ids);
        const savepoint = !job.memory && jobs.length > 1;
        try {
          const value = await runJob(tx, scope, () =>
            job.memory
              ? job.memory(jobApi(scope, tx, this.domainIds, moved.get(job)))
              : savepoint
                ? unitOfWork(tx, (sp) => job.work(sp))
                : job.work(tx),
          );
          if (job.claim) {
            const row = claimRow(job.claim, value, this.now());
            scope.insert(row.table, row.values);
          }
          scope.commit(tx);
          outcomes.push({ ok: true, value });
        } catch (err) {
          // Contention is the batch's failure (rolled back, run again), not the job's; so is
          // a database error outside a savepoint (the transaction cannot go on).
          if (isContention(err) || (job.memory && isDatabaseError(err))) throw err;
          if (jobs.length === 1) throw new JobFailed(err);
          // What it wrote without a savepoint cannot be undone alone: job by job again.
          if (scope.wrote || moved.has(job)) throw err;
          scope.abandon(savepoint);
          outcomes.push({ ok: false, err });
        }
      }
      await writeRows(tx, batch.rows);
      await writeEntries(tx, batch.entries);
      learned = batch.learned;
    }).catch((err) => {
      if (!(err instanceof JobFailed)) throw err;
      outcomes.push({ ok: false, err: err.cause });
    });
    for (const [key, id] of learned ?? []) this.ids.set(key, id);
    jobs.forEach((job, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.err);
    });
  }
}

/** The jobs of one batch: a claim repeated within it waits for the next (its first answer). */
function takeBatch(queue: Job[], maxBatch: number): { batch: Job[]; rest: Job[] } {
  const batch: Job[] = [];
  const later: Job[] = [];
  const claims = new Set<string>();
  let taken = 0;
  for (; taken < queue.length && batch.length < maxBatch; taken++) {
    const job = queue[taken]!;
    const key = job.claim && claimKey(job.claim);
    if (key && claims.has(key)) later.push(job);
    else {
      if (key) claims.add(key);
      batch.push(job);
    }
  }
  // One copy of the rest, not a shift per job (the queue can be thousands long).
  return { batch, rest: [...later, ...queue.slice(taken)] };
}

/** A lone job's own failure: its batch rolled back because of it, not for a retry. */
class JobFailed extends Error {
  constructor(override readonly cause: unknown) {
    super('ledger job failed');
  }
}
