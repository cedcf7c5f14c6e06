export * from './common.ts';
export * from './files.ts';
export * from './imports.ts';
export * from './reference.ts';
export * from './registration.ts';
export * from './session.ts';
