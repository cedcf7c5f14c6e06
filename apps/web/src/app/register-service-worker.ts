import { messageSW, Workbox } from 'workbox-window';
import { appUpdate } from './app-update.ts';
import { SERVICE_WORKER_MESSAGES } from '../lib/service-worker-messages.ts';

/** How often an open portal asks whether a new version is out, besides each time it comes back into view. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (decision 044); loaded lazily after the page has loaded, so the
 * first screen fetches nothing more. `ownScript` is the URL of this page's main script: a waiting
 * worker that carries it is this very version (the page came from the server, which is always
 * asked first) and takes over quietly; one that does not is newer, and is offered.
 */
export async function registerServiceWorker(ownScript: string): Promise<void> {
  const workbox = new Workbox('/sw.js', { scope: '/', updateViaCache: 'none' });
  workbox.addEventListener('waiting', async (event) => {
    const waiting = event.sw;
    if (!waiting) return;
    const sameVersion = await messageSW(waiting, { type: SERVICE_WORKER_MESSAGES.carries, url: ownScript }).catch(() => false);
    if (sameVersion) return workbox.messageSkipWaiting();
    appUpdate.offer((to) => {
      // The page loaded next is the server's, so the new version whichever worker answers; that
      // page finds the waiting worker carries its script and lets it take over (above). Told to
      // take over here, during the page's own reload, Chromium can hold the reload for ever.
      if (to) window.location.assign(to);
      else window.location.reload();
    });
  });
  const registration = await workbox.register();
  if (!registration) return;
  const check = () => void registration.update().catch(() => undefined);
  setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && check());
}
