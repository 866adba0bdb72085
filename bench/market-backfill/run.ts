// First-start history of the simulated market: every chart period of the whole catalogue
// generated and stored beside the live market, timed, with the longest pause it caused to the
// event loop (requests and live ticks wait that long at most meanwhile). Fresh database each run: in-memory PGlite, a PGlite folder
// (DATA_DIR) or PostgreSQL (DATABASE_URL, a scratch database: its tables are filled).
// Run: node --import tsx bench/market-backfill/run.ts
import { openDatabase } from '../../packages/db/src/index.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';

const database = await openDatabase({
  url: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR,
});
const app = await buildApp({ config: loadConfig({}), database });

let last = performance.now();
let stall = 0;
const probe = setInterval(() => {
  const now = performance.now();
  stall = Math.max(stall, now - last);
  last = now;
}, 5);
const report = await app.market.start();
const backfill = await report.backfill; // beside the live market, which started at once
clearInterval(probe);
await app.close();
await database.close();
console.log(
  JSON.stringify({
    db: database.kind,
    symbols: app.market.specs.length,
    ...backfill,
    ...(report.gap && { gap: report.gap }),
    longestStallMs: Math.round(stall),
  }),
);
