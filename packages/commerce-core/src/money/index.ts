export * from './currencies';
export * from './decimal';
export * from './money';
export * from './arithmetic';
export * from './format';
