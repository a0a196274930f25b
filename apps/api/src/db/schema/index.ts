export * from './site';
export * from './commerce';
