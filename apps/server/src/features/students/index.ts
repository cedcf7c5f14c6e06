/** The admin's student list. */
export { studentsRoutes } from './routes.ts';
