export type * from './plugins/types';
