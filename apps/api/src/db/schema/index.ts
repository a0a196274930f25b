export * from './site';
export * from './commerce';
export * from './forms';
