// `npm run start:cluster -- [processes=2]`: several server processes behind one address, on one
// PostgreSQL (DATABASE_URL) and NATS (NATS_URL): Node's cluster module hands each new connection
// to one of them in turn, and starts a process again when one dies (docs/operations.md,
// "Several processes"). SIGHUP restarts them one at a time, each replaced once its successor is
// ready (/api/health/ready).
import cluster from 'node:cluster';
import { spawnSync } from 'node:child_process';
import { SERVER_FLAGS } from './server-flags.mjs';

const root = new URL('..', import.meta.url).pathname;
const count = Number(process.argv[2] ?? 2);
if (!Number.isInteger(count) || count < 1 || count > 64) {
  console.error(`not starting: ${process.argv[2]} is not a number of processes (1 to 64)`);
  process.exit(1);
}
if (!process.env.DATABASE_URL) {
  console.error('not starting: several processes share one PostgreSQL; set DATABASE_URL');
  process.exit(1);
}
process.env.NATS_URL ||= 'nats://127.0.0.1:4222';

const built = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], {
  cwd: root,
  stdio: 'inherit',
});
if (built.status !== 0) process.exit(built.status ?? 1);

process.chdir(root);
cluster.setupPrimary({
  exec: 'apps/server/src/main.ts',
  execArgv: [...SERVER_FLAGS, '--import', 'tsx'],
});
let stopping = false;
/** Workers ended on purpose by a rolling restart: not started again. */
const replaced = new Set();
for (let i = 0; i < count; i++) cluster.fork();
cluster.on('exit', (worker, code, signal) => {
  if (stopping) {
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    return;
  }
  if (replaced.delete(worker)) return;
  // Its pairs and jobs are already taken over by the others; a new process joins them.
  console.error(`server process ${worker.process.pid} ended (${signal ?? code}); starting another`);
  setTimeout(() => cluster.fork(), 1000);
});
// A worker says `{ hx: 'ready' }` once its /api/health/ready answers 200 (main.ts).
cluster.on('message', (worker, message) => {
  if (message?.hx === 'ready') worker.emit('hx-ready');
});

const READY_WITHIN_MS = 120_000;
const readyOrNot = (worker) =>
  new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), READY_WITHIN_MS);
    worker.once('hx-ready', () => {
      clearTimeout(timer);
      resolve(true);
    });
    worker.once('exit', () => {
      clearTimeout(timer);
      resolve(false);
    });
  });

/**
 * SIGHUP: a rolling restart (a new version, new settings in the environment file): one process
 * at a time, a new one is started and, once it reports ready, the old one is asked to stop (it
 * reports not-ready, drains, closes). A new one that is not ready in 2 minutes stops the round.
 */
let rolling = false;
process.on('SIGHUP', async () => {
  if (rolling || stopping) return;
  rolling = true;
  for (const old of Object.values(cluster.workers ?? {})) {
    if (!old || stopping) break;
    const fresh = cluster.fork();
    if (!(await readyOrNot(fresh))) {
      console.error(`restart stopped: process ${fresh.process.pid} did not become ready`);
      break;
    }
    replaced.add(old);
    const gone = new Promise((resolve) => old.once('exit', resolve));
    old.process.kill('SIGTERM');
    await gone;
    console.error(`server process ${old.process.pid} replaced by ${fresh.process.pid}`);
  }
  rolling = false;
});
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(1), 10_000).unref();
  });
