// Checks an audit log export (GET /api/admin/audit/export, JSON lines or CSV) offline: every row
// names the hash of the row before and hashes to its own. Needs nothing but the file.
// Usage: npm run audit:verify -- audit.jsonl   (exit 0: the chain holds, 1: broken, 2: unreadable)
import { createReadStream, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parse } from 'csv-parse/sync';
import {
  ChainVerifier,
  type ChainedRow,
  type ExportRecord,
} from '../apps/server/src/modules/operator-core/audit-chain.ts';

const file = process.argv[2];
if (!file) {
  console.error('usage: npm run audit:verify -- FILE (.jsonl or .csv, from the audit export)');
  process.exit(2);
}

const num = (v: unknown) => Number(v);
const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

function rowOf(r: ExportRecord): ChainedRow & { hash: string } {
  return {
    id: num(r.id),
    adminId: r.admin_id === null || r.admin_id === '' ? null : num(r.admin_id),
    action: String(r.action),
    targetType: String(r.target_type),
    targetId: num(r.target_id),
    before: text(r.before),
    after: text(r.after),
    reason: text(r.reason),
    atMs: num(r.at_ms),
    prevHash: String(r.prev_hash),
    hash: String(r.hash),
  };
}

async function* records(): AsyncGenerator<ExportRecord> {
  if (file!.endsWith('.csv')) {
    // A quoted field is a string (maybe empty); an empty unquoted one is null.
    const cast = (v: string, c: { quoting: boolean }) => (c.quoting || v !== '' ? v : null);
    yield* parse(readFileSync(file!), { columns: true, cast }) as ExportRecord[];
    return;
  }
  const lines = createInterface({ input: createReadStream(file!), crlfDelay: Infinity });
  for await (const line of lines) if (line.trim()) yield JSON.parse(line) as ExportRecord;
}

try {
  const verifier = new ChainVerifier();
  let last: string | null = null;
  for await (const r of records()) {
    verifier.add(rowOf(r));
    last = String(r.hash);
  }
  const verdict = verifier.verdict();
  console.log(JSON.stringify({ ...verdict, last_hash: last }));
  process.exit(verdict.ok ? 0 : 1);
} catch (err) {
  console.error(`${file}: not an audit export (${(err as Error).message})`);
  process.exit(2);
}
