export * from './schema.ts';
export * from './client.ts';
export { freshDatabase } from './testing.ts';
export * from './ledger-schema.ts';
export * from './money-schema.ts';
export * from './market-schema.ts';
export * from './spot-schema.ts';
