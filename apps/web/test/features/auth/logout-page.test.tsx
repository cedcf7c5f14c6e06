// The IndexedDB classes idb looks for; the test gets an empty device of its own.
import 'fake-indexeddb/auto';
import { screen } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { createMemoryRouter, RouterProvider } from '../../../src/lib/router/index.ts';
import { afterEach, expect, it, vi } from 'vitest';
import LogoutPage from '../../../src/features/auth/logout-page.tsx';
import { OFFLINE_EDITS_DATABASE, writeOfflineEdits } from '../../../src/lib/offline-edits.ts';
import { json, renderWithQueries, stubFetch } from '../../http.tsx';

afterEach(() => vi.unstubAllGlobals());

it('signs out and leaves none of her unsent changes on the device', async () => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  await writeOfflineEdits({ studentId: '20260001', updatedAt: '2026-09-01T00:00:00.000Z', changes: { allergy: 'Bee stings' }, keptAt: Date.now() });
  const calls = stubFetch(() => json({}));
  const router = createMemoryRouter(
    [
      { path: '/logout', element: <LogoutPage /> },
      { path: '/', element: <h1>Sign in</h1> },
    ],
    { initialEntries: ['/logout'] },
  );
  renderWithQueries(<RouterProvider router={router} />);
  expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  expect(calls.map((call) => `${call.method} ${call.url}`)).toContain('POST /logout');
  expect((await indexedDB.databases()).map((database) => database.name)).not.toContain(OFFLINE_EDITS_DATABASE);
});

it('takes a guardian who opened /logout by its address back to the family’s sign-in', async () => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  const calls = stubFetch((call) =>
    call.url === '/api/session' ? json({ authenticated: true, kind: 'guardian', admin: false, restricted: false, userID: null, name: 'Maria' }) : json({}),
  );
  const router = createMemoryRouter(
    [
      { path: '/logout', element: <LogoutPage /> },
      { path: '/', element: <h1>Sign in</h1> },
      { path: '/parents', element: <h1>Parents and guardians</h1> },
    ],
    { initialEntries: ['/logout'] },
  );
  renderWithQueries(<RouterProvider router={router} />);
  expect(await screen.findByRole('heading', { name: 'Parents and guardians' })).toBeInTheDocument();
  expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual(['GET /api/session', 'POST /logout']);
});
