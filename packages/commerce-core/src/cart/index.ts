export * from './schema';
export * from './compute';
export * from './display';
export * from './also-bought';
