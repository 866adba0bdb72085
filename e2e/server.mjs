// The server the browser tests run against: demo mode, a fresh embedded database each run. One
// runs per Playwright worker (e2e/fixtures.ts), each on its own port and data folder.
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';

const dataDir = new URL(
  `../.test-results/e2e-data-${process.env.PORT ?? 'default'}`,
  import.meta.url,
).pathname;
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

// Its own copy of the built app: e2e/pwa.spec.ts "deploys" a new version by changing sw.js, which
// the other workers' servers must not serve.
const h5Dist = join(dataDir, 'h5');
cpSync(new URL('../apps/h5/dist', import.meta.url).pathname, h5Dist, { recursive: true });

// A local EVM node (anvil, from npm) the server watches for ERC20 deposits of ETH and USDT; its
// address is left in the data folder for the specs that send to it (e2e/chain.spec.ts).
const anvilPort = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  });
});
const anvilPackage = { x64: 'anvil-linux-amd64', arm64: 'anvil-linux-arm64' }[process.arch];
const anvilBin = join(
  dirname(createRequire(import.meta.url).resolve(`@foundry-rs/${anvilPackage}/package.json`)),
  'bin/anvil',
);
const anvil = spawn(anvilBin, ['--host', '127.0.0.1', '--port', String(anvilPort), '--silent'], {
  stdio: 'ignore',
});
const anvilUrl = `http://127.0.0.1:${anvilPort}`;
writeFileSync(join(dataDir, 'anvil-url'), anvilUrl);
// A public test-vector xpub: users' ERC20 addresses derive from it (no key exists here).
const XPUB =
  'xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8';
/** Where e2e/push.spec.ts listens as a push service: the server's port + 1000 (support.ts). */
const pushReceiverPort = Number(process.env.PORT ?? 8181) + 1000;
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: new URL('..', import.meta.url).pathname,
  stdio: 'inherit',
  // Every browser test asks for codes from this machine: more than one address's hourly cap.
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    H5_DIST: h5Dist,
    MODE: 'demo',
    LOG_LEVEL: 'warn',
    // A few thousand bars of chart history a symbol instead of 28,000: a worker's server writes
    // it in seconds instead of spending minutes of a core beside the first tests.
    HISTORY_DAYS: '1min:1,5min:3,30min:10,60min:20',
    RATE_LIMIT_ALLOW: '127.0.0.1,::1,::ffff:127.0.0.1',
    // The tests on this machine play a proxy to stand for users at other addresses.
    TRUST_PROXY: '127.0.0.1,::1',
    DEPOSIT_XPUBS: `ETH:ERC20=${XPUB},USDT:ERC20=${XPUB}`,
    EVM_RPC_URL: anvilUrl,
    EVM_CONFIRMATIONS: '3',
    EVM_TOKENS: 'USDT:0x00000000000000000000000000000000000c0de1:6',
    EVM_EXPLORER_URL: 'https://explorer.example/tx/{tx}',
    EVM_POLL_MS: '1000',
    // The browsers' push services, and the push receiver of e2e/push.spec.ts named by its
    // origin (the server sends to no other address of this machine).
    PUSH_SERVICE_HOSTS: [
      'fcm.googleapis.com',
      'push.services.mozilla.com',
      'notify.windows.com',
      'push.apple.com',
      `http://127.0.0.1:${pushReceiverPort}`,
    ].join(','),
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
// Started by a Playwright worker (e2e/fixtures.ts): ends with it, even if it was killed, so the
// next worker finds its port free.
if (process.env.E2E_WORKER_PIPE === '1') {
  process.stdin.on('close', () => server.kill('SIGTERM'));
  process.stdin.resume();
}
server.on('exit', (code) => {
  anvil.kill('SIGTERM');
  process.exit(code ?? 0);
});
