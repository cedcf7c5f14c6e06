import type { ComponentType } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  Link,
  MemoryRouter,
  Navigate,
  Outlet,
  RouterProvider,
  useBlocker,
  useLocation,
  useOutletContext,
  useParams,
  useSearchParams,
} from '../../../src/lib/router/components.tsx';
import { createMemoryRouter } from '../../../src/lib/router/router.ts';

/** A screen with a link to /attendance, at /dashboard, in a router of its own. */
function renderLink() {
  const pressed: MouseEvent[] = [];
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard',
        element: (
          <Link to="/attendance" className="light-card-action" onClick={(event) => pressed.push(event.nativeEvent)}>
            Attendance
          </Link>
        ),
      },
      { path: '/attendance', element: <h1>Attendance</h1> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(<RouterProvider router={router} />);
  return { router, pressed, link: screen.getByRole('link', { name: 'Attendance' }) };
}

describe('a link', () => {
  it('is a plain anchor to its address, with what it is given', () => {
    const { link } = renderLink();
    expect(link).toHaveAttribute('href', '/attendance');
    expect(link).toHaveClass('light-card-action');
  });

  it('has the router follow a plain press, calling its own handler first', async () => {
    const { router, pressed, link } = renderLink();
    expect(fireEvent.click(link)).toBe(false);
    expect(await screen.findByRole('heading', { name: 'Attendance' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/attendance');
    expect(pressed).toHaveLength(1);
  });

  it('leaves a press for a new tab or window to the browser', () => {
    const { router, link } = renderLink();
    for (const press of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }]) {
      // Not prevented: the browser opens the address its own way.
      expect(fireEvent.click(link, press)).toBe(true);
    }
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe('a move', () => {
  it("draws again only the screens it changes: not the layout around them, nor the layout's links", async () => {
    let drawn = 0;
    function Menu() {
      drawn += 1;
      return <Link to="/term-reports">Term reports</Link>;
    }
    function Shell() {
      return (
        <>
          <Menu />
          <Outlet />
        </>
      );
    }
    const router = createMemoryRouter(
      [
        {
          Component: Shell,
          children: [
            { path: '/attendance', element: <h1>Attendance</h1> },
            { path: '/term-reports', element: <h1>Term reports</h1> },
          ],
        },
      ],
      { initialEntries: ['/attendance'] },
    );
    render(<RouterProvider router={router} />);
    fireEvent.click(screen.getByRole('link', { name: 'Term reports' }));
    expect(await screen.findByRole('heading', { name: 'Term reports' })).toBeInTheDocument();
    await act(() => router.navigate('/attendance'));
    expect(screen.getByRole('heading', { name: 'Attendance' })).toBeInTheDocument();
    expect(drawn).toBe(1);
  });
});

/** A screen that fails as it draws, at /broken. */
function Broken(): never {
  throw new Error('drawn wrong');
}

function StepName() {
  const handed = useOutletContext<{ step: string }>();
  const { studentId } = useParams();
  return (
    <h1>
      {handed.step} of {studentId}
    </h1>
  );
}

function AuditQuery() {
  const [params, setParams] = useSearchParams();
  return (
    <button type="button" onClick={() => setParams({ from: '2026-03-01' })}>
      From {params.get('from') ?? 'the start'}
    </button>
  );
}

function LeaveGuard() {
  const blocker = useBlocker(({ nextLocation }) => nextLocation.pathname === '/dashboard');
  const { pathname } = useLocation();
  return blocker.state === 'blocked' ? (
    <p>
      Leave?
      <button type="button" onClick={() => blocker.proceed()}>
        Leave
      </button>
      <button type="button" onClick={() => blocker.reset()}>
        Stay
      </button>
    </p>
  ) : (
    <p>
      At {pathname}: <Link to="/dashboard">Dashboard</Link>
    </p>
  );
}

describe('the routes drawn', () => {
  it("draw a child in its parent's outlet, with what the parent handed it and the address's values", () => {
    const router = createMemoryRouter(
      [{ path: '/family/:studentId', element: <Outlet context={{ step: 'Family Data' }} />, children: [{ index: true, element: <StepName /> }] }],
      { initialEntries: ['/family/20240017'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('heading')).toHaveTextContent('Family Data of 20240017');
  });

  it("show the first route's fallback while its screen is fetched, then the screen", async () => {
    let arrive!: (parts: { Component: ComponentType }) => void;
    const router = createMemoryRouter(
      [
        {
          HydrateFallback: () => <p>Loading</p>,
          children: [{ path: '/attendance', lazy: () => new Promise((resolve) => (arrive = resolve)) }],
        },
      ],
      { initialEntries: ['/attendance'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByText('Loading')).toBeInTheDocument();
    act(() => arrive({ Component: () => <h1>Attendance</h1> }));
    expect(await screen.findByRole('heading', { name: 'Attendance' })).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  });

  it('show the error element in place of a screen that could not be fetched or failed to draw, until she moves on', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter(
      [
        {
          errorElement: <p>This screen could not be loaded.</p>,
          children: [
            { path: '/broken', element: <Broken /> },
            { path: '/offline', lazy: () => Promise.reject(new Error('offline')) },
            { path: '/dashboard', element: <h1>Dashboard</h1> },
          ],
        },
      ],
      { initialEntries: ['/broken'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByText('This screen could not be loaded.')).toBeInTheDocument();
    await act(() => router.navigate('/dashboard'));
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    await act(() => router.navigate('/offline'));
    expect(screen.getByText('This screen could not be loaded.')).toBeInTheDocument();
    quiet.mockRestore();
  });

  it('move on from a Navigate, and to a new query from the search params', async () => {
    const router = createMemoryRouter(
      [
        { path: '/registration', element: <Navigate to="/admin/audit" replace /> },
        { path: '/admin/audit', element: <AuditQuery /> },
      ],
      { initialEntries: ['/registration'] },
    );
    render(<RouterProvider router={router} />);
    fireEvent.click(await screen.findByRole('button', { name: 'From the start' }));
    expect(await screen.findByRole('button', { name: 'From 2026-03-01' })).toBeInTheDocument();
    expect(router.state.location).toMatchObject({ pathname: '/admin/audit', search: '?from=2026-03-01' });
  });

  it("ask before a move the screen's blocker holds back, and stay or go as she says", async () => {
    render(
      <MemoryRouter initialEntries={['/registration/student-data']}>
        <LeaveGuard />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Stay' }));
    expect(await screen.findByText('At /registration/student-data:')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('At /dashboard:')).toBeInTheDocument();
  });
});
