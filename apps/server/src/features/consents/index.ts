/** Consent forms (issue 51, decision 067): forms and their answers, the registration's agreement asked of a guardian. */
export { consentsRoutes } from './routes.ts';
export { guardianAgreementOf } from './registration-agreement.ts';
