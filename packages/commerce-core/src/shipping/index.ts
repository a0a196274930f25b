export * from './schema';
export * from './messages';
export * from './compute';
