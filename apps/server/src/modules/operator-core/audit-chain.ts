import { createHash } from 'node:crypto';

/**
 * The audit log's hash chain, shared by the server and the offline verifier
 * (scripts/audit-verify.ts): nothing here touches the database. Migration 0032 chains the rows
 * written before it the same way, in SQL.
 */

/** The `prev_hash` of the first row. */
export const GENESIS = '0'.repeat(64);

/** What the hash covers: every field of a row, its time in milliseconds, the row before's hash. */
export interface ChainedRow {
  id: number;
  adminId: number | null;
  action: string;
  targetType: string;
  targetId: number;
  before: string | null;
  after: string | null;
  reason: string | null;
  atMs: number;
  prevHash: string;
}

/** Each field as its UTF-8 length, ':' and its text (or '~' for null), one a line. */
export function canonical(row: ChainedRow): string {
  const fields = [
    String(row.id),
    row.adminId === null ? null : String(row.adminId),
    row.action,
    row.targetType,
    String(row.targetId),
    row.before,
    row.after,
    row.reason,
    String(row.atMs),
    row.prevHash,
  ];
  const lines = fields.map((f) => (f === null ? '~' : `${Buffer.byteLength(f, 'utf8')}:${f}`));
  return ['hx-audit-v1', ...lines].join('\n');
}

export function rowHash(row: ChainedRow): string {
  return createHash('sha256').update(canonical(row), 'utf8').digest('hex');
}

export interface ChainVerdict {
  ok: boolean;
  rows: number;
  /** The id of the first row whose hash does not hold (edited, or its predecessor deleted). */
  first_broken: number | null;
}

/**
 * Checks rows in id order as they come (a page at a time from the database, or the lines of an
 * export): each must name the hash of the row before and hash to its own `hash`.
 */
export class ChainVerifier {
  private prev = GENESIS;
  private lastId = 0;
  private count = 0;
  private broken: number | null = null;

  add(row: ChainedRow & { hash: string }): void {
    this.count++;
    if (this.broken !== null) return;
    const holds = row.id > this.lastId && row.prevHash === this.prev && rowHash(row) === row.hash;
    if (!holds) this.broken = row.id;
    this.prev = row.hash;
    this.lastId = row.id;
  }

  verdict(): ChainVerdict {
    return { ok: this.broken === null, rows: this.count, first_broken: this.broken };
  }
}

/** The export's columns, in order (CSV header and JSON lines' keys). */
export const EXPORT_COLUMNS = [
  'id',
  'admin_id',
  'admin',
  'action',
  'target_type',
  'target_id',
  'before',
  'after',
  'reason',
  'at_ms',
  'prev_hash',
  'hash',
] as const;

export type ExportRecord = Record<(typeof EXPORT_COLUMNS)[number], string | number | null>;

/** A row as one record of the export (`admin`, the operator's email, is not hashed). */
export function exportRecord(row: ChainedRow & { hash: string; admin: string }): ExportRecord {
  return {
    id: row.id,
    admin_id: row.adminId,
    admin: row.admin,
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    before: row.before,
    after: row.after,
    reason: row.reason,
    at_ms: row.atMs,
    prev_hash: row.prevHash,
    hash: row.hash,
  };
}
