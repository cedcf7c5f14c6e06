import { messageSW } from 'workbox-window';
import { SERVICE_WORKER_MESSAGES, type ServiceWorkerMessage } from './service-worker-messages.ts';

/** How long the worker is given to answer before the files are taken as not kept. */
const ANSWER_MS = 1000;

let answer: Promise<boolean> | null = null;

/**
 * Whether the service worker answering this page keeps this very version's files on the phone (an
 * earlier visit installed it): then every chunk comes from the phone, offline too, and nothing
 * needs fetching ahead of a tap. Any of the version's own files names it; this module's is one.
 * Asked once per page: on a first visit no worker answers yet, and the chunks are fetched ahead.
 */
export function versionKeptOnPhone(): Promise<boolean> {
  answer ??= (async () => {
    const worker = typeof navigator === 'undefined' ? null : navigator.serviceWorker?.controller;
    if (!worker) return false;
    const message: ServiceWorkerMessage = { type: SERVICE_WORKER_MESSAGES.carries, url: import.meta.url };
    const silence = new Promise<false>((resolve) => setTimeout(() => resolve(false), ANSWER_MS));
    return (await Promise.race([messageSW(worker, message), silence])) === true;
  })();
  return answer;
}
