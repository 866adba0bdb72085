import { join } from 'node:path';
import { openDatabase } from '@hx/db';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { seed } from './seed.ts';

const config = loadConfig();
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: join(config.dataDir, 'db'),
});
const report = await seed(database.db, config);
const app = await buildApp(
  { config, database },
  {
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
  },
);

let closing = false;
async function close(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'closing');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void close('SIGINT'));
process.on('SIGTERM', () => void close('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
void app.subscription.start();
app.optionSettlement.start();
app.finance.start();
app.referral.start();
// Demo liquidity: the market maker quotes every spot pair once the market has prices.
if (config.mode === 'demo')
  app.spot
    .startMarketMaker()
    .catch((err: unknown) => app.log.error({ err }, 'market maker failed'));
// The market starts after the server answers: a first start back-fills history meanwhile.
app.market.start().then(
  (report) => app.log.info({ ...report, source: config.marketSource }, 'market running'),
  (err: unknown) => app.log.error({ err }, 'market failed to start'),
);
const base = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
const lines = [
  `${config.appName} ${config.version} — ${config.mode} mode, ${database.kind} database`,
  `  app:      ${base}/h5/`,
  `  console:  ${base}/admin/`,
  `  API docs: ${base}/api/docs`,
];
if (report.demoUser)
  lines.push(`  demo user: ${report.demoUser.email} / ${report.demoUser.password}`);
if (report.adminEmail) {
  lines.push(
    `  operator:  ${report.adminEmail}${report.adminPassword ? ` / ${report.adminPassword}` : ''}`,
  );
}
console.log(lines.join('\n'));
