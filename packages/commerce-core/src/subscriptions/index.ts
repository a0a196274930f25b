export * from './schema';
export * from './wording';
