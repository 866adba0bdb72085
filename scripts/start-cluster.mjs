// `npm run start:cluster -- [processes=2]`: several server processes behind one address, on one
// PostgreSQL (DATABASE_URL) and NATS (NATS_URL): Node's cluster module hands each new connection
// to one of them in turn, and starts a process again when one dies (docs/operations.md,
// "Several processes").
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
for (let i = 0; i < count; i++) cluster.fork();
cluster.on('exit', (worker, code, signal) => {
  if (stopping) {
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    return;
  }
  // Its pairs and jobs are already taken over by the others; a new process joins them.
  console.error(`server process ${worker.process.pid} ended (${signal ?? code}); starting another`);
  setTimeout(() => cluster.fork(), 1000);
});
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(1), 10_000).unref();
  });
