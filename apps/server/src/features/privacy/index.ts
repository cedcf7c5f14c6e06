/** A student's own view of what the school holds about her: who looked at her record, and 'Download my data' (decision 050). */
export { privacyRoutes } from './routes.ts';
