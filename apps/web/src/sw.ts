/// <reference lib="webworker" />
// The portal's service worker (decision 044): the app's own built files from the phone, nothing else.
import { clientsClaim } from 'workbox-core';
import { getCacheKeyForURL, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { SERVICE_WORKER_MESSAGES, type ServiceWorkerMessage } from './lib/service-worker-messages.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/**
 * Opening a screen asks the server for its page first: the page names the files of the version
 * the server runs, so an old app is never started against a new server. The copy kept on the
 * phone answers only when the server cannot be reached. Calls, PDFs and files (under /api/ and
 * /sanctum/) are no navigation of the app: the browser fetches them as if there were no worker.
 */
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch (error) {
        const shell = await matchPrecache('/index.html');
        if (shell) return shell;
        throw error;
      }
    },
    { denylist: [/^\/api\//, /^\/sanctum\//] },
  ),
);

// The built scripts, styles and icons, fetched once per version (their names carry their content's
// hash) and answered from the phone. Nothing else is ever put in the cache. Not the manifest: the
// server writes the school's name into it.
const ownFiles = self.__WB_MANIFEST.filter((entry) => (typeof entry === 'string' ? entry : entry.url) !== 'manifest.webmanifest');
precacheAndRoute(ownFiles, { directoryIndex: '', cleanURLs: false });

// The first visit's page is answered for too, once the files are kept: its later screens load from the phone.
clientsClaim();

self.addEventListener('message', (event) => {
  const message = event.data as ServiceWorkerMessage | null;
  if (message?.type === SERVICE_WORKER_MESSAGES.skipWaiting) void self.skipWaiting();
  // A page asks whether this worker carries the files it runs on: then it is that page's version.
  if (message?.type === SERVICE_WORKER_MESSAGES.carries) event.ports[0]?.postMessage(getCacheKeyForURL(message.url) !== undefined);
});
