export * from './messages.ts';
export * from './limits.ts';
export * from './documents.ts';
export * from './student-fields.ts';
export * from './student-schema.ts';
export * from './api-types.ts';
export * from './responses/index.ts';
