export * from './locales.ts';
export * from './errors.ts';
export * from './envelope.ts';
export * from './account.ts';
export * from './config.ts';
