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
  '/attendance': [`/api/student-attendance/${STUDENT}`],
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

/** The family's pages that name no daughter: the rest under `/family/` do. */
const familyPages = new Set(['add', 'messages', 'account']);

/**
 * The calls a guardian's first screen makes as it opens (decision 062): her daughters' list, and
 * for a daughter named in the address also her term reports and her attendance, asked beside it
 * rather than after it. None for a path that is not her dashboard.
 */
export function familyCallsOf(path: string): string[] {
  if (path === '/family') return ['/api/guardian/children'];
  const named = /^\/family\/([^/]+)$/.exec(path)?.[1];
  if (!named || familyPages.has(named)) return [];
  return ['/api/guardian/children', `/api/report-card-terms/${named}`, `/api/student-attendance/${named}`];
}
