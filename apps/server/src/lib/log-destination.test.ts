import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { logDestination } from './log-destination.ts';

const dir = mkdtempSync(join(tmpdir(), 'hx-logs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('LOG_FILE', () => {
  it('gets the log lines, in a folder made for it, all written by close', async () => {
    const file = join(dir, 'logs', 'server.log');
    const logs = logDestination(file);
    for (let i = 0; i < 100; i++) logs.write(`{"n":${i}}\n`);
    await logs.close();
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(100);
    expect(JSON.parse(lines[99]!)).toEqual({ n: 99 });
  });

  it('that cannot be opened is reported once and the lines are dropped', async () => {
    const report = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const logs = logDestination(join(dir, 'logs', 'server.log', 'not-a-folder', 'x.log'));
    logs.write('{"n":1}\n');
    await vi.waitFor(() => expect(report).toHaveBeenCalledTimes(1));
    expect(String(report.mock.calls[0]![0])).toMatch(/^LOG_FILE .*ENOTDIR/);
    expect(() => logs.write('{"n":2}\n')).not.toThrow();
    await logs.close();
    report.mockRestore();
  });
});
