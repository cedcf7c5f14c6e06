/** Contact changes (decision 066): a guardian's proposed new values for her own details in a daughter's record, answered by the office. */
export { contactChangesRoutes } from './routes.ts';
