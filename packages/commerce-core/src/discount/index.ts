export * from './schema';
export * from './dates';
export * from './apply';
