import type { QueryClient } from '@tanstack/react-query';
import { askEarly } from '../api/client.ts';
import { getSessionQueryOptions } from '../api/get-session.ts';
import { studentPath } from '../api/get-student.ts';
import { studentAttendancePath } from '../features/attendance/api/get-student-attendance.ts';
import { referenceListPaths } from '../features/registration/api/get-reference-lists.ts';
import { steps } from '../features/registration/steps.ts';
import { reportCardTermsPath } from '../features/term-reports/api/get-report-card-terms.ts';

const dataSteps = steps.filter((step) => step.flag !== 'documents' && step.flag !== 'submit');

/** The calls a signed-in student's screen makes once it is drawn, by its path. */
const screens: Array<{ matches: (path: string) => boolean; calls: (studentId: string) => string[] }> = [
  // The four data steps' fields choose from the reference lists; Documents and Complete need none.
  { matches: (path) => dataSteps.some((step) => path === `/registration/${step.path}`), calls: (studentId) => [studentPath(studentId), ...referenceListPaths] },
  { matches: (path) => steps.some((step) => path === `/registration/${step.path}`), calls: (studentId) => [studentPath(studentId)] },
  { matches: (path) => path === '/dashboard', calls: (studentId) => [studentPath(studentId)] },
  { matches: (path) => path === '/attendance', calls: (studentId) => [studentAttendancePath(studentId)] },
  { matches: (path) => path === '/term-reports', calls: (studentId) => [reportCardTermsPath(studentId)] },
];

/**
 * Starts the first screen's calls when the app starts: the session at once (its answer already on
 * its way: the page preloads it), and for a signed-in student the calls of the screen she opened,
 * the moment the session names her. On a slow network they then run beside the download of the
 * screen's scripts, not one after another once it is drawn. A failure is the screen's to show: its
 * own call takes the early answer, error and all. This list is part of the first script: fetched
 * on its own, it was one more round trip before her record was asked for.
 */
export function prefetchFirstScreen(client: QueryClient, path: string): void {
  void client
    .fetchQuery(getSessionQueryOptions())
    .then((session) => {
      if (!session.authenticated || session.admin || session.restricted || !session.userID) return;
      for (const call of screens.find((screen) => screen.matches(path))?.calls(session.userID) ?? []) askEarly(call);
    })
    .catch(() => undefined);
}
