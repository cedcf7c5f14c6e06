import { useEffect, useSyncExternalStore } from 'react';
import type { Router as AppRouter } from '../lib/router/index.ts';
import { appUpdate as defaultUpdate, type AppUpdate } from './app-update.ts';

type Router = Pick<AppRouter, 'subscribe' | 'state' | 'createHref'>;

/**
 * 'A new version is available — Reload', once the service worker has a newer portal than the one
 * this page runs. Reload takes it at once; otherwise it is taken at the next navigation, so no
 * screen of the old version opens after the new one is known. Drawn without MUI: it can show on
 * the sign-in screens too (decision 008).
 */
export function NewVersionBanner({ router, update = defaultUpdate }: { router: Router; update?: AppUpdate }) {
  const offered = useSyncExternalStore(update.subscribe, () => update.offered);
  useEffect(() => {
    let path = router.state.location.pathname;
    return router.subscribe((state) => {
      if (state.location.pathname === path) return;
      path = state.location.pathname;
      // Loaded whole from the server at the screen she chose, so it opens in the new version.
      if (update.offered) update.take(router.createHref(state.location));
    });
  }, [router, update]);
  if (!offered) return null;
  return (
    <div className="light-update" role="status">
      <p>A new version is available —</p>
      <button type="button" onClick={() => update.take()}>
        Reload
      </button>
    </div>
  );
}
