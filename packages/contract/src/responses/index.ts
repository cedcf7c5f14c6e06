export * from './common.ts';
export * from './registration.ts';
export * from './session.ts';
