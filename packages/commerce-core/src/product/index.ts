export * from './types';
export * from './schema';
export * from './display';
export * from './pricing';
