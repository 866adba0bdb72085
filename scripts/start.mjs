// `npm start`: build the app when its build is missing or older than its sources, then serve.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_FLAGS } from './server-flags.mjs';

const root = new URL('..', import.meta.url).pathname;
// The mobile app and the operator console: each is stale when older than its own sources.
const apps = ['h5', 'admin'].map((name) => ({
  built: join(root, `apps/${name}/dist/index.html`),
  sources: [
    `apps/${name}/src`,
    `apps/${name}/index.html`,
    `apps/${name}/vite.config.ts`,
    'packages/protocol/src',
  ],
}));

function newest(path) {
  const full = join(root, path);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(full).map((name) => newest(join(path, name))));
}

const stale = apps.some(
  ({ built, sources }) =>
    !existsSync(built) || Math.max(...sources.map(newest)) > statSync(built).mtimeMs,
);
if (stale || process.argv.includes('--build')) {
  console.log('Building the mobile app and the operator console…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (process.argv.includes('--build-only')) process.exit(0);

const server = spawn(
  process.execPath,
  [...SERVER_FLAGS, '--import', 'tsx', 'apps/server/src/main.ts'],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
