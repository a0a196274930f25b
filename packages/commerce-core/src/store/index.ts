export * from './schema';
export * from './url-id';
export * from './limits';
