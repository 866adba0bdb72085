export * from './accounts.ts';
export * from './post.ts';
export * from './check.ts';
export * from './reads.ts';
export * from './entry-views.ts';
export { announcePosted, onPosted, type PostedHook } from './posted.ts';
