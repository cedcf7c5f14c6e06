/** The printable registration form (SPEC §2). */
export { registrationFormRoutes } from './routes.ts';
export { registrationFormPdf } from './service.ts';
