export * from './validation';
export * from './errors';
export * from './api';
