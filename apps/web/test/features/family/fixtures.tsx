import { RouterProvider, createMemoryRouter } from '../../../src/lib/router/index.ts';
import { vi } from 'vitest';
import { routes } from '../../../src/app/router.tsx';
import { json, renderWithQueries, stubFetch, type Call } from '../../http.tsx';

/** A signed-in guardian's session, as `/api/session` answers it (decision 062). */
export const guardianSession = {
  authenticated: true,
  kind: 'guardian' as const,
  admin: false,
  restricted: false,
  userID: 'g-7QW2K9',
  name: 'Maria Charles',
  initials: 'MC',
  must_change_password: false,
};

export const visitorSession = { authenticated: false, admin: false, restricted: false, userID: null, name: null, initials: null, must_change_password: false };

/** Two daughters in different forms, as `GET /api/guardian/children` lists them. */
export const daughters = [
  {
    link_id: 'l-1',
    student_id: '20260001',
    first_name: 'Kezia',
    last_name: 'Charles',
    class_id: '1A',
    relationship: 'mother',
    registration: { steps_done: 3, steps: 6, completed_on: null },
  },
  {
    link_id: 'l-2',
    student_id: '20240017',
    first_name: 'Amara',
    last_name: 'Charles',
    class_id: '3B',
    relationship: 'mother',
    registration: { steps_done: 6, steps: 6, completed_on: '2026-09-02' },
  },
];

/** A daughter's attendance this term, as `GET /api/student-attendance/{id}` answers it. */
export const attendanceOf = (studentId: string) => ({
  student_id: studentId,
  first_name: studentId === '20260001' ? 'Kezia' : 'Amara',
  last_name: 'Charles',
  class_id: '1A',
  year: 2026,
  term: '1',
  term_start: '2026-09-07',
  possible_attendance: 20,
  attendance: 18,
  lates: 1,
  attendance_records: [],
});

/** A daughter with no absence note yet, which her guardian may send (`GET /api/absence-notes?student_id=`). */
export const noNotes = { items: [], total: 0, pending: 0, may_send: true };

type Answer = (call: Call) => Response | Promise<Response> | undefined;

/**
 * Opens the whole app (its routes, guards and layouts) at `path` with `session` signed in; `answer`
 * answers the calls of the test, the rest get the school's name, the daughters and empty lists.
 */
export function openApp(path: string, { session = guardianSession as object, answer = (() => undefined) as Answer } = {}) {
  // jsdom has no ResizeObserver; the floating menu (off her dashboard) watches the page with one.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  const calls = stubFetch(async (call) => {
    const given = await answer(call);
    if (given) return given;
    if (call.url === '/api/session') return json(session);
    if (call.url === '/api/config') return json({ school_name: 'St Hilda’s High School', time_zone: 'America/Port_of_Spain' });
    if (call.url === '/api/guardian/children') return json({ children: daughters });
    if (call.url === '/api/guardian/consents') return json({ consents: [] });
    if (call.url.startsWith('/api/student-attendance/')) return json(attendanceOf(decodeURIComponent(call.url.split('/').pop()!)));
    if (call.url.startsWith('/api/report-card-terms/')) return json([]);
    if (call.url.startsWith('/api/absence-notes')) return json(noNotes);
    return json({ message: 'Not found.' }, 404);
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithQueries(<RouterProvider router={router} />);
  return { calls, router };
}
