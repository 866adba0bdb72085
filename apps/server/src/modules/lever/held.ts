import type { PositionRow } from './view.ts';

/**
 * The positions this process opened holding, as it wrote them, so a manual close need not read
 * the row first. What a close takes from it (owner, symbol, side, size, open price, margin) never
 * changes while a position holds; whether it still holds is decided by the close's update guarded
 * on `holding`, so a copy that is stale (closed by a trigger or another process) only answers
 * LEVER_NOT_HOLDING, as the database would. Bounded: the oldest are dropped and then read again.
 */
export class HeldPositions {
  private readonly rows = new Map<number, PositionRow>();

  constructor(private readonly limit = 10_000) {}

  remember(row: PositionRow): void {
    if (row.status !== 'holding' || row.openPrice === null) return;
    this.rows.delete(row.id);
    this.rows.set(row.id, row);
    if (this.rows.size > this.limit) this.rows.delete(this.rows.keys().next().value!);
  }

  /** The kept copy of `id` when `userId` owns it. */
  of(userId: number, id: number): PositionRow | undefined {
    const row = this.rows.get(id);
    return row?.userId === userId ? row : undefined;
  }

  forget(id: number): void {
    this.rows.delete(id);
  }
}
