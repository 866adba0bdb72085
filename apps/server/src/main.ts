import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, upkeepStep } from '@hx/db';
import { buildApp } from './app.ts';
import { backupSocketPath, serveBackups } from './lib/backup-socket.ts';
import { loadConfig, type Config } from './config.ts';
import { logDestination } from './lib/log-destination.ts';
import { oneAtATime } from './lib/ownership.ts';
import { Periodic } from './lib/periodic.ts';
import { seed } from './seed.ts';

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  // A setting that stops the start says which, without a stack trace.
  console.error(`not starting: ${(err as Error).message}`);
  process.exit(1);
}
// Log lines are dropped rather than waited for when stdout (or LOG_FILE) cannot take them.
const logs = logDestination(config.logFile);
// Processes started together on one PostgreSQL migrate and seed it one after another.
const { database, report } = await oneAtATime(config.databaseUrl, async () => {
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: join(config.dataDir, 'db'),
  });
  return { database, report: await seed(database.db, config) };
});
// With a certificate: HTTPS and HTTP/2, so a phone fetches the app's many small files over one
// connection; HTTP/1.1 stays allowed for the socket's upgrade and older clients.
const tls = config.tls && {
  http2: true as const,
  https: {
    allowHTTP1: true,
    cert: readFileSync(config.tls.certFile),
    key: readFileSync(config.tls.keyFile),
  },
};
const app = await buildApp(
  { config, database },
  {
    ...tls,
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      stream: logs,
    },
  },
);

// The embedded database's autovacuum (PostgreSQL runs its own): a table at a time, when due.
const UPKEEP_EVERY_MS = 10_000;
const upkeep = new Periodic(
  async () => {
    const step = await upkeepStep(database.db);
    if (step) app.log.info({ ...step, ms: Math.round(step.ms) }, 'database upkeep');
  },
  (err) => app.log.error({ err }, 'database upkeep failed'),
  'database_upkeep',
);

/** Asks its own /api/health/ready until it answers 200, then sends `{ hx: 'ready' }`. */
async function tellWhenReady(send: (message: object) => void) {
  for (;;) {
    const ready = await app.inject({ url: '/api/health/ready' }).catch(() => null);
    if (ready?.statusCode === 200) return send({ hx: 'ready' });
    if (closing) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

let closing = false;
async function close(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'closing');
  // Not ready first, so load balancers stop sending before the server stops answering.
  const drainMs = config.drainSeconds * 1000;
  app.health.draining = true;
  // Closing itself well inside the 10 s a supervisor waits (after the drain) before SIGKILL.
  const force = setTimeout(() => process.exit(1), drainMs + 8_000);
  force.unref();
  if (drainMs) await new Promise((resolve) => setTimeout(resolve, drainMs));
  await app.monitoring.stop();
  await upkeep.stop();
  await app.close();
  await database.close();
  await logs.close();
  process.exit(0);
}
process.on('SIGINT', () => void close('SIGINT'));
process.on('SIGTERM', () => void close('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
void app.subscription.start();
app.optionSettlement.start();
app.finance.start();
app.savings.start();
app.bots.start();
app.por.start();
app.referral.start();
app.chain.start();
app.monitoring.start();
// Under start:cluster: tell the primary once ready, so a rolling restart goes on to the next.
if (process.send) void tellWhenReady(process.send.bind(process));
app.maker.start(); // the operator's market maker: the pairs turned on in the console
if (database.kind === 'pglite') {
  upkeep.start(UPKEEP_EVERY_MS, { unref: true });
  // npm run backup asks here for a consistent copy while the server runs.
  await serveBackups(database.db, backupSocketPath(config.dataDir), app.log);
}
// The market goes live after the server answers; a first start back-fills history beside it.
// Demo liquidity: then the market maker quotes every spot pair (this process owns) around the
// live prices, and the demo flow trades with it.
function demoLiquidity() {
  if (config.mode !== 'demo' || !config.marketMaker) return;
  app.spot
    .startMarketMaker()
    // Then the simulated takers, whose trades with the maker feed the public tape.
    .then(async () => {
      if (config.demoFlow) await app.spot.startDemoFlow({ seed: config.marketSeed });
    })
    .catch((err: unknown) => app.log.error({ err }, 'market maker failed'));
}
if (app.bus.clustered) {
  // Several processes: the source runs in one of them, the others follow it.
  app.market.lead(app.bus, app.ownership);
  demoLiquidity();
} else {
  app.market.start().then(
    ({ gap, backfill }) => {
      app.log.info({ gap, source: config.marketSource }, 'market running');
      backfill?.catch(() => undefined); // logged by the market
      demoLiquidity();
    },
    (err: unknown) => app.log.error({ err }, 'market failed to start'),
  );
}
const base = `${tls ? 'https' : 'http'}://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
const lines = [
  `${config.appName} ${config.version} — ${config.mode} mode, ${database.kind} database`,
  `  app:      ${base}/h5/`,
  `  console:  ${base}/admin/`,
  `  API docs: ${base}/api/docs`,
];
if (report.demoUser) {
  const { email, password, fundPassword } = report.demoUser;
  lines.push(`  demo user: ${email} / ${password} (fund password ${fundPassword})`);
}
if (report.adminEmail) {
  lines.push(
    `  operator:  ${report.adminEmail}${report.adminPassword ? ` / ${report.adminPassword}` : ''}`,
  );
}
console.log(lines.join('\n'));
