export * from './period';
export * from './schema';
export * from './wording';
