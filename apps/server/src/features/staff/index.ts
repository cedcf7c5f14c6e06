/** Staff accounts and their roles (decision 048): what the app and the command line may use. */
export { staffRoutes } from './routes.ts';
export { createStaffFromCommand } from './service.ts';
