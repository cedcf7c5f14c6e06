/** The reference lists (SPEC §3): what other features may use of them. */
export { referenceRoutes } from './routes.ts';
export { isInReferenceList, referenceLabels } from './service.ts';
