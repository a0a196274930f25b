export * from './site';
export * from './commerce';
export * from './forms';
export * from './site-users';
export * from './editor';
export * from './files';
export * from './store';
export * from './mailing-lists';
