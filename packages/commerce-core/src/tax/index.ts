export * from './schema';
export * from './messages';
export * from './compute';
export * from './regions';
export * from './defaults';
