/** What a page says to the service worker: the one list both sides read. */
export const SERVICE_WORKER_MESSAGES = {
  /** Become the active worker now (the page has agreed to the new version). */
  skipWaiting: 'SKIP_WAITING',
  /** Answer true when this worker's files include `url` (the asking page's own script). */
  carries: 'CARRIES',
} as const;

export type ServiceWorkerMessage = { type: typeof SERVICE_WORKER_MESSAGES.skipWaiting } | { type: typeof SERVICE_WORKER_MESSAGES.carries; url: string };
