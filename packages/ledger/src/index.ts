export * from './accounts.ts';
export * from './post.ts';
export * from './check.ts';
export * from './reads.ts';
export * from './entry-views.ts';
export * from './holdings.ts';
export { announcePosted, onPosted, type PostedHook } from './posted.ts';
export { LedgerWriter, type LedgerWriterOptions } from './writer.ts';
export { entryCtes, type EntryRow } from './batch.ts';
