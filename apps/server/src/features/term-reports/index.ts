/** Term reports (SPEC §2, DESIGN §5): results in, report cards out, posting, and the student's list. */
export { termReportsRoutes } from './routes.ts';
export { listReportCardTerms, reportCard, reportCardFileOwner } from './service.ts';
