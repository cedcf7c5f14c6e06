import type { QueryClient } from '@tanstack/react-query';
import { askEarly } from '../api/client.ts';
import { getSchoolConfigQueryOptions, schoolConfigInPage, schoolConfigPath } from '../api/get-school-config.ts';
import { getSessionQueryOptions } from '../api/get-session.ts';
import { screenOfPath } from '@school/contract/screen-paths';
import { DAUGHTER, familyScreenCalls, firstCallsOf } from './first-screen-calls.ts';

/**
 * Starts the first screen's calls when the app starts: the session at once (its answer already on
 * its way: the page preloads it), and for a signed-in student the calls of the screen she opened,
 * the moment the session names her. On a slow network they then run beside the download of the
 * screen's scripts, not one after another once it is drawn. A failure is the screen's to show: its
 * own call takes the early answer, error and all. This list is part of the first script: fetched
 * on its own, it was one more round trip before her record was asked for.
 */
export function prefetchFirstScreen(client: QueryClient, path: string): void {
  // Every screen shows the school's name: from the page where the server wrote it, else asked
  // beside the session, not once a screen has drawn.
  const school = schoolConfigInPage();
  if (school) client.setQueryData(getSchoolConfigQueryOptions().queryKey, school);
  else askEarly(schoolConfigPath);
  void client
    .fetchQuery(getSessionQueryOptions())
    .then((session) => {
      if (session.authenticated && session.kind === 'guardian') for (const call of familyCallsOf(path)) askEarly(call);
      if (!session.authenticated || session.admin || session.restricted || !session.userID || session.kind === 'guardian') return;
      for (const call of firstCallsOf(path, session.userID)) askEarly(call);
    })
    .catch(() => undefined);
}

/** The calls a guardian's screen at `path` makes as it opens; none for a path that is not one of hers. */
export function familyCallsOf(path: string): string[] {
  const found = screenOfPath(Object.keys(familyScreenCalls), path);
  if (!found) return [];
  return familyScreenCalls[found.screen]!.map((call) => call.replace(DAUGHTER, found.named ?? ''));
}
