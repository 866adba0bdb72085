export * from './schema.ts';
export * from './client.ts';
export { freshDatabase } from './testing.ts';
export * from './ledger-schema.ts';
