import { stepPaths } from '../features/registration/step-paths.ts';

/** Where a call names the signed-in student. */
const STUDENT = '{student}';

const record = `/api/student/${STUDENT}`;
const dataSteps = [stepPaths.studentData, stepPaths.familyData, stepPaths.healthData, stepPaths.otherData];

/**
 * The calls each of a signed-in student's screens makes as it opens, by its path: the four data
 * steps' fields choose from the reference lists (one call); Documents lists what she has uploaded,
 * and Complete too (to name what is still to upload). The app asks them as it starts; the server has the browser fetch
 * them with the page where it can (the build reads this list too, so it imports nothing of the
 * app's).
 */
export const firstScreenCalls: Record<string, string[]> = {
  '/dashboard': [record],
  // Her absence notes too: the screen draws them under her attendance (decision 065).
  '/attendance': [`/api/student-attendance/${STUDENT}`, '/api/absence-notes'],
  '/term-reports': [`/api/report-card-terms/${STUDENT}`],
  '/registration/change-password': [],
  ...Object.fromEntries(
    Object.values(stepPaths).map((step) => [`/registration/${step}`, dataSteps.includes(step) ? [record, '/api/reference-lists'] : [record]]),
  ),
  [`/registration/${stepPaths.documents}`]: [record, `/api/get-files/${STUDENT}`],
  [`/registration/${stepPaths.submit}`]: [record, `/api/get-files/${STUDENT}`],
};

/** The calls of the screen at `path` for the student `studentId`; none for a path that is no student screen. */
export const firstCallsOf = (path: string, studentId: string): string[] =>
  (firstScreenCalls[path] ?? []).map((call) => call.replace(STUDENT, encodeURIComponent(studentId)));

/** Where a call names the daughter a guardian's address names (`/family/{daughter}`). */
export const DAUGHTER = '{daughter}';

/**
 * The calls each of a guardian's screens makes as it opens (decision 062), by its path; on her
 * dashboard of one daughter (`/family/:daughter`) also that daughter's consent forms, term reports,
 * attendance and absence notes, asked beside the page rather than once it is drawn.
 */
export const familyScreenCalls: Record<string, string[]> = {
  '/family': ['/api/guardian/children', '/api/guardian/consents'],
  '/family/:daughter': [
    '/api/guardian/children',
    '/api/guardian/consents',
    `/api/report-card-terms/${DAUGHTER}`,
    `/api/student-attendance/${DAUGHTER}`,
    `/api/absence-notes?student_id=${DAUGHTER}`,
  ],
  '/family/add': [],
  '/family/messages': ['/api/guardian/messages?page=1'],
  '/family/account': ['/api/guardian/account', '/api/guardian/account/second-factor'],
};
