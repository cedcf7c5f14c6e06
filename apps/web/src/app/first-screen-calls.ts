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

/**
 * The calls each of a guardian's screens makes as it opens (decision 062), by its path. Her page of
 * one daughter (`/family/:daughter`) asks what its top shows: her daughters and the consent forms.
 * Its term reports, attendance and absence notes lie below the first screen and are asked once the
 * top is painted: asked beside the page, they shared a phone's slow network with the page's own
 * scripts and put off its first paint (issue 54).
 */
export const familyScreenCalls: Record<string, string[]> = {
  '/family': ['/api/guardian/children', '/api/guardian/consents'],
  '/family/:daughter': ['/api/guardian/children', '/api/guardian/consents'],
  '/family/add': [],
  '/family/messages': ['/api/guardian/messages?page=1'],
  '/family/account': ['/api/guardian/account', '/api/guardian/account/second-factor'],
};
