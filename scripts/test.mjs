// `npm test`: every check and every suite, counting as it goes. A failure anywhere makes the run
// fail, but the later steps still run so one report shows everything that is broken.
//
// The checks that only read the sources (lint, format, typecheck) and the build run at once: each
// keeps one core busy, and the machine has two. Their output is printed whole as each ends, so it
// does not interleave with the unit tests, which begin once lint, format and build are done (the
// typecheck takes longest). The browser tests run last, using both cores (Playwright's two
// workers, each with its own server). How long each step took is printed at the end, above the
// summary line.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const results = join(root, '.test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const tally = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const timings = [];

/**
 * Runs a step; resolves whether it succeeded. `quiet` keeps its output until it ends (for steps
 * that run beside others); otherwise it streams.
 */
function run(name, command, args, { quiet = false } = {}) {
  const started = Date.now();
  const line = `=== ${name}: ${command} ${args.join(' ')}`;
  if (!quiet) console.log(`\n${line}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: process.env,
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (status) => {
      const seconds = (Date.now() - started) / 1000;
      timings.push({ name, seconds });
      if (quiet) {
        console.log(`\n${line}`);
        process.stdout.write(Buffer.concat(output));
      }
      console.log(`=== ${name}: ${status === 0 ? 'ok' : 'FAILED'} in ${seconds.toFixed(0)} s`);
      resolve(status === 0);
    });
  });
}

function count(name, ok) {
  tally[ok ? 'passed' : 'failed'] += 1;
  if (!ok) failures.push(name);
  return ok;
}

async function check(name, command, args, options) {
  return count(name, await run(name, command, args, options));
}

async function suite(name, command, args, report, read) {
  const ok = await run(name, command, args);
  const counted = existsSync(report) ? read(JSON.parse(readFileSync(report, 'utf8'))) : null;
  if (!counted) {
    tally.failed += 1;
    failures.push(`${name} (no report)`);
    return;
  }
  for (const key of Object.keys(tally)) tally[key] += counted[key];
  if (!ok || counted.failed > 0) failures.push(name);
  if (!ok && counted.failed === 0) tally.failed += 1;
}

const started = Date.now();
const quiet = { quiet: true };
const linted = check('lint', 'npm', ['run', 'lint'], quiet); // eslint, and no import circles
const formatted = check('format', 'npx', ['prettier', '--check', '.'], quiet);
const typechecked = check('typecheck', 'npm', ['run', 'typecheck'], quiet);
const building = check('build (with the first-page size budget)', 'npm', ['run', 'build'], quiet);
// The typecheck runs on one core for minutes after the others end: the unit tests start beside
// it then, instead of leaving the other core idle.
await Promise.all([linted, formatted, building]);

const vitestReport = join(results, 'vitest.json');
await suite(
  'unit and API tests',
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
  vitestReport,
  (r) => ({
    passed: r.numPassedTests,
    failed: r.numFailedTests,
    skipped: r.numPendingTests + r.numTodoTests,
  }),
);

const built = await building;
await typechecked;
const e2eReport = join(results, 'playwright.json');
if (built) {
  await suite('browser tests', 'npx', ['playwright', 'test'], e2eReport, (r) => ({
    passed: r.stats.expected,
    failed: r.stats.unexpected + r.stats.flaky,
    skipped: r.stats.skipped,
  }));
} else {
  failures.push('browser tests (not run: the build failed)');
  tally.failed += 1;
}

console.log(
  '\nTime per step (the first four began at once; the unit tests began beside the typecheck):',
);
for (const { name, seconds } of timings)
  console.log(`  ${seconds.toFixed(0).padStart(5)} s  ${name}`);
console.log(`  ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s  in all`);

const summary = `${tally.passed} passed, ${tally.failed} failed${tally.skipped ? `, ${tally.skipped} skipped` : ''}`;
writeFileSync(join(results, 'summary.txt'), `${summary}\n`);
console.log(
  `\n${failures.length ? `FAILED: ${failures.join('; ')}` : 'All checks and suites passed.'}`,
);
console.log(summary);
process.exit(failures.length ? 1 : 0);
