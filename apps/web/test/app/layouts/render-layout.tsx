import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from '../../../src/lib/router/index.ts';
import { afterEach, vi } from 'vitest';
import { json, renderWithQueries, stubFetch, studentSession } from '../../http.tsx';

afterEach(() => vi.unstubAllGlobals());

/**
 * Draws a layout for a signed-in student at `path`, a page inside it, and gives back its router.
 * The portal answers her session and the school's name; anything else with an empty object.
 */
export function renderLayout(layout: ReactElement, path = '/dashboard') {
  // jsdom has no ResizeObserver; the floating menu (off the dashboard) watches the page with one.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  stubFetch((call) => {
    if (call.url === '/api/session') return json(studentSession);
    if (call.url === '/api/config') return json({ school_name: "St. Brigid's Girls' College", time_zone: 'America/Port_of_Spain' });
    return json({});
  });
  const router = createMemoryRouter([{ element: layout, children: [{ path: '*', element: <h1>Page</h1> }] }], { initialEntries: [path] });
  renderWithQueries(<RouterProvider router={router} />);
  return router;
}
