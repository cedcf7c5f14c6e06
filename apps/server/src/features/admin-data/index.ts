/** The admin's data out and in (SPEC §2 Admin area): Export Data, Reports, Parents Contact, Import Students. */
export { adminDataRoutes } from './routes.ts';
