export * from './safe-text';
