export * from './accounts.ts';
export * from './entry.ts';
export * from './post.ts';
export * from './check.ts';
export * from './reads.ts';
export * from './entry-views.ts';
export * from './holdings.ts';
export { announcePosted, onPosted, type PostedHook } from './posted.ts';
export { unitOfWork } from './unit-of-work.ts';
export { GroupCommit, type GroupCommitSteps } from './group-commit.ts';
export { LedgerWriter, type LedgerWriterOptions } from './writer.ts';
export type { LedgerJob } from './memory-job.ts';
export {
  claimsCte,
  claimsDone,
  claimKey,
  repeatAnswer,
  type ClaimFound,
  type IdempotencyClaim,
} from './claims.ts';
export type { RowMove } from './moves.ts';
export { entryCtes, type EntryRow } from './batch.ts';
