import { expect, it } from 'vitest';
import { loadOnce } from '../../src/lib/load-once.ts';

it('shares one fetch among callers while it is on its way, and keeps what it fetched', async () => {
  let fetches = 0;
  const load = loadOnce(async () => ++fetches);
  expect(await Promise.all([load(), load(), load()])).toEqual([1, 1, 1]);
  expect(await load()).toBe(1);
  expect(fetches).toBe(1);
});

it('forgets a failed fetch, even one rejected before anything chained inside it ran, so the next caller asks again', async () => {
  let online = false;
  let fetches = 0;
  // As the bundler's wrapper does when a chunk's styles cannot be fetched: it rejects on its own.
  const wrapped = (inner: () => Promise<string>) => (online ? inner() : Promise.reject(new Error('Unable to preload CSS')));
  const load = loadOnce(() => wrapped(async () => `checks ${++fetches}`));
  await expect(load()).rejects.toThrow('Unable to preload CSS');
  await expect(load()).rejects.toThrow('Unable to preload CSS');
  online = true;
  expect(await load()).toBe('checks 1');
  expect(await load()).toBe('checks 1');
});
