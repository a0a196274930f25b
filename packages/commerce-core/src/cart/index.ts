export * from './schema';
export * from './compute';
export * from './display';
