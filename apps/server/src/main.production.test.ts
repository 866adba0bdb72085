import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));

// No invented price in production: the simulated walk (MARKET_SOURCE unset) stops the start.
it('refuses MODE=production on the simulated market, naming MARKET_SOURCE and the venues', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, MODE: 'production', MARKET_SOURCE: '', PORT: '0', DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect(code).not.toBe(0);
  expect(stderr).toContain('MARKET_SOURCE');
  expect(stderr).toContain('binance, okx, bybit');
}, 60_000);
