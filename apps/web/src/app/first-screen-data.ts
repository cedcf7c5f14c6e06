import type { QueryClient } from '@tanstack/react-query';
import { askEarly } from '../api/client.ts';
import { getSchoolConfigQueryOptions, schoolConfigInPage, schoolConfigPath } from '../api/get-school-config.ts';
import { getSessionQueryOptions, signedInHere, type Session } from '../api/get-session.ts';
import { screenOfPath } from '@school/contract/screen-paths';
import { familyScreenCalls, firstCallsOf } from './first-screen-calls.ts';

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
  // A returning visit: for whoever was last signed in here, her screen's calls go beside the
  // session rather than after it (the service worker's page starts none). A wrong guess costs a
  // refused call that nothing takes.
  const last = signedInHere();
  if (last) for (const call of screenCallsOf(path, { ...last, authenticated: true, admin: false, restricted: false })) askEarly(call, { guessed: true });
  void client
    .fetchQuery(getSessionQueryOptions())
    .then((session) => {
      for (const call of screenCallsOf(path, session)) askEarly(call);
    })
    .catch(() => undefined);
}

/** The calls of the screen at `path` for the signed-in student or guardian `session` names; none for anyone else. */
function screenCallsOf(path: string, session: Pick<Session, 'authenticated' | 'admin' | 'restricted' | 'userID' | 'kind'>): string[] {
  if (!session.authenticated || session.admin || session.restricted) return [];
  if (session.kind === 'guardian') return familyCallsOf(path);
  return session.userID ? firstCallsOf(path, session.userID) : [];
}

/** The calls a guardian's screen at `path` makes as it opens; none for a path that is not one of hers. */
export function familyCallsOf(path: string): string[] {
  const screen = screenOfPath(Object.keys(familyScreenCalls), path);
  return screen ? familyScreenCalls[screen]! : [];
}
