export * from './hash.ts';
export * from './tree.ts';
export * from './verify.ts';
export * from './units.ts';
