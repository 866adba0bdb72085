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
  // Every browser test asks for codes from this machine: more than one address's hourly cap.
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    MODE: 'demo',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_ALLOW: '127.0.0.1,::1,::ffff:127.0.0.1',
    // The tests on this machine play a proxy to stand for users at other addresses.
    TRUST_PROXY: '127.0.0.1,::1',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
