export * from './accounts.ts';
export * from './post.ts';
export * from './check.ts';
