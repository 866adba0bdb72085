// `npm test`: every check and every suite, in order, counting as it goes. A failure anywhere makes
// the run fail, but the later steps still run so one report shows everything that is broken.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const results = join(root, '.test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const tally = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function run(name, command, args, env = {}) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status === 0;
}

function check(name, command, args) {
  const ok = run(name, command, args);
  tally[ok ? 'passed' : 'failed'] += 1;
  if (!ok) failures.push(name);
  return ok;
}

function suite(name, command, args, report, count) {
  const ok = run(name, command, args);
  const counted = existsSync(report) ? count(JSON.parse(readFileSync(report, 'utf8'))) : null;
  if (!counted) {
    tally.failed += 1;
    failures.push(`${name} (no report)`);
    return;
  }
  for (const key of Object.keys(tally)) tally[key] += counted[key];
  if (!ok || counted.failed > 0) failures.push(name);
  if (!ok && counted.failed === 0) tally.failed += 1;
}

check('lint', 'npm', ['run', 'lint']); // eslint, and no import circles in the server
check('format', 'npx', ['prettier', '--check', '.']);
check('typecheck', 'npm', ['run', 'typecheck']);

const vitestReport = join(results, 'vitest.json');
suite(
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

const built = check('build (with the first-page size budget)', 'npm', ['run', 'build']);
const e2eReport = join(results, 'playwright.json');
if (built) {
  suite('browser tests', 'npx', ['playwright', 'test'], e2eReport, (r) => ({
    passed: r.stats.expected,
    failed: r.stats.unexpected + r.stats.flaky,
    skipped: r.stats.skipped,
  }));
} else {
  failures.push('browser tests (not run: the build failed)');
  tally.failed += 1;
}

const summary = `${tally.passed} passed, ${tally.failed} failed${tally.skipped ? `, ${tally.skipped} skipped` : ''}`;
writeFileSync(join(results, 'summary.txt'), `${summary}\n`);
console.log(
  `\n${failures.length ? `FAILED: ${failures.join('; ')}` : 'All checks and suites passed.'}`,
);
console.log(summary);
process.exit(failures.length ? 1 : 0);
