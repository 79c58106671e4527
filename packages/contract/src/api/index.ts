export * from './auth.ts';
export * from './partners.ts';
export * from './analytics.ts';
