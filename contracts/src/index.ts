export * from './errors.ts';
export * from './pagination.ts';
export * from './catalog.ts';
export * from './site.ts';
export * from './accounts.ts';
export * from './paths.ts';
export * from './messages.ts';
export * from './search.ts';
