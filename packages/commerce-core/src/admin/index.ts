export * from './paths';
export * from './money-input';
export * from './preferences';
export * from './product-input';
export * from './orders';
export * from './views';
export * from './messages';
