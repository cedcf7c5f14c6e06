import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch, studentSession } from '../http.tsx';

/** The calls the app starts for a student opening `path`, before any screen is drawn. */
async function earlyCalls(path: string): Promise<string[]> {
  const calls = stubFetch((call) => (call.url === '/api/session' ? json(studentSession) : json([])));
  // A fresh app each time: an early answer not yet taken is not asked for twice.
  vi.resetModules();
  const { prefetchFirstScreen } = await import('../../src/app/first-screen-data.ts');
  prefetchFirstScreen(new QueryClient(), path);
  await vi.waitFor(() => expect(calls.length).toBeGreaterThan(1));
  // Every early call is started together, in the session's answer.
  await new Promise((resolve) => setTimeout(resolve, 20));
  return calls.map((call) => call.url).filter((url) => url !== '/api/session');
}

afterEach(() => vi.unstubAllGlobals());

describe('the first screen’s calls, started with the app', () => {
  it('ask a data step for her record and the reference lists its fields choose from', async () => {
    expect(await earlyCalls('/registration/health-data')).toEqual([
      '/api/student/20260001',
      '/api/towns',
      '/api/religions',
      '/api/ethnic-groups',
      '/api/regional-corporation',
      '/api/houses',
      '/api/registration-form-classes-list',
    ]);
  });

  it('ask Documents and Complete for her record only: they choose from no list', async () => {
    expect(await earlyCalls('/registration/documents')).toEqual(['/api/student/20260001']);
    expect(await earlyCalls('/registration/complete')).toEqual(['/api/student/20260001']);
  });
});
