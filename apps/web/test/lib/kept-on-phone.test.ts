import { afterEach, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** A service worker answering this page, which says whether it carries the asked file. */
function workerAnswering(carries: boolean | null) {
  const asked: unknown[] = [];
  const controller = {
    postMessage: (message: unknown, [port]: MessagePort[]) => {
      asked.push(message);
      if (carries !== null) port!.postMessage(carries);
    },
  };
  vi.stubGlobal('navigator', { ...navigator, serviceWorker: { controller } });
  return asked;
}

const freshCheck = async () => (await import('../../src/lib/kept-on-phone.ts')).versionKeptOnPhone;

it('is true when the worker answering the page carries this version’s files, and asks once', async () => {
  const asked = workerAnswering(true);
  const kept = await freshCheck();
  expect(await kept()).toBe(true);
  expect(await kept()).toBe(true);
  expect(asked).toEqual([{ type: 'CARRIES', url: expect.stringContaining('kept-on-phone') }]);
});

it('is false when the worker carries another version, when none answers the page, and when it does not answer', async () => {
  workerAnswering(false);
  expect(await (await freshCheck())()).toBe(false);
  vi.resetModules();
  vi.stubGlobal('navigator', { ...navigator, serviceWorker: { controller: null } });
  expect(await (await freshCheck())()).toBe(false);
  vi.resetModules();
  workerAnswering(null);
  expect(await (await freshCheck())()).toBe(false);
});
