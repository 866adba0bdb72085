// The server the browser tests run against: demo mode, a fresh embedded database each run.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

const dataDir = new URL(
  `../.test-results/e2e-data-${process.env.PORT ?? 'default'}`,
  import.meta.url,
).pathname;
rmSync(dataDir, { recursive: true, force: true });
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: new URL('..', import.meta.url).pathname,
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir, MODE: 'demo', LOG_LEVEL: 'warn' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
