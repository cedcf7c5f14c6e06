/** The school's year, its rollover and its undo (decision 045): what other features may use of it. */
export { schoolYearRoutes } from './routes.ts';
