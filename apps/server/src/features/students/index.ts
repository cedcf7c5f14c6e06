/** The staff's student list and a class's health alerts. */
export { studentsRoutes } from './routes.ts';
