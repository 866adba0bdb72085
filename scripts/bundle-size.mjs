// Reports what the first page of the app loads (entry script, its preloads and CSS), gzipped,
// and fails the build above the budget.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KIB = 150;
const dist = new URL('../apps/h5/dist/', import.meta.url).pathname;
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const assets = [...html.matchAll(/(?:src|href)="\/h5\/([^"]+\.(?:js|css))"/g)].map((m) => m[1]);
const files = ['index.html', ...new Set(assets)];
let total = 0;
for (const file of files) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`  ${(size / 1024).toFixed(1).padStart(7)} KiB  ${file}`);
}
console.log(
  `First page loads ${(total / 1024).toFixed(1)} KiB gzipped (budget ${BUDGET_KIB} KiB).`,
);
if (total > BUDGET_KIB * 1024) {
  console.error('Over budget: load more per page, less up front.');
  process.exit(1);
}
