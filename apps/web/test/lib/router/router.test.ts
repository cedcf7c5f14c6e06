import { describe, expect, it } from 'vitest';
import type { RouteObject } from '../../../src/lib/router/paths.ts';
import { createBrowserRouter, createMemoryRouter } from '../../../src/lib/router/router.ts';

/** A promise settled when the test says, and how often it was asked for. */
function chunk() {
  let settle!: (parts: { element: string }) => void;
  let fail!: (error: Error) => void;
  const asked: number[] = [];
  const load = () => {
    asked.push(asked.length + 1);
    return new Promise<{ element: string }>((resolve, reject) => {
      settle = resolve;
      fail = reject;
    });
  };
  return { load, asked, settle: (parts = { element: 'drawn' }) => settle(parts), fail: (error = new Error('offline')) => fail(error) };
}

/** Lets the promises already settled run their continuations. */
const settled = () => new Promise((resolve) => setTimeout(resolve));

describe('the router', () => {
  it('is at its first place at once when no part of it must be fetched, with the key that says it is the first', () => {
    const route: RouteObject = { path: '/dashboard', element: 'dashboard' };
    const router = createMemoryRouter([route], { initialEntries: ['/dashboard?tab=1'] });
    expect(router.state).toMatchObject({ loaded: true, routes: [route], location: { pathname: '/dashboard', search: '?tab=1', key: 'default' } });
  });

  it("fetches the first place's screen before it is loaded, and keeps what came", async () => {
    const screen = chunk();
    const route: RouteObject = { path: '/attendance', lazy: screen.load };
    const router = createMemoryRouter([route], { initialEntries: ['/attendance'] });
    expect(router.state.loaded).toBe(false);
    screen.settle();
    await settled();
    expect(router.state.loaded).toBe(true);
    expect(router.partsOf(route)).toEqual({ element: 'drawn' });
  });

  it('stays where she is until the next screen has come, then moves and tells its listeners', async () => {
    const next = chunk();
    const router = createMemoryRouter(
      [
        { path: '/dashboard', element: 'dashboard' },
        { path: '/attendance', lazy: next.load },
      ],
      { initialEntries: ['/dashboard'] },
    );
    const heard: string[] = [];
    router.subscribe((state) => heard.push(state.location.pathname));
    const moved = router.navigate('/attendance', { state: { snackbar: 'Saved' } });
    await settled();
    expect(router.state.location.pathname).toBe('/dashboard');
    next.settle();
    await moved;
    expect(router.state.location).toMatchObject({ pathname: '/attendance', state: { snackbar: 'Saved' } });
    expect(router.state.location.key).not.toBe('default');
    expect(heard).toEqual(['/attendance']);
  });

  it('drops a move overtaken by a newer one while its screen was fetched', async () => {
    const slow = chunk();
    const router = createMemoryRouter([
      { path: '/', element: 'home' },
      { path: '/slow', lazy: slow.load },
      { path: '/quick', element: 'quick' },
    ]);
    const first = router.navigate('/slow');
    await router.navigate('/quick');
    slow.settle();
    await first;
    expect(router.state.location.pathname).toBe('/quick');
    await router.navigate(-1);
    expect(router.state.location.pathname).toBe('/');
  });

  it('says a screen could not be fetched, and asks for it again at the next visit', async () => {
    const screen = chunk();
    const router = createMemoryRouter([
      { path: '/', element: 'home' },
      { path: '/attendance', lazy: screen.load },
    ]);
    const moved = router.navigate('/attendance');
    screen.fail();
    await moved;
    expect(router.state).toMatchObject({ error: new Error('offline'), location: { pathname: '/attendance' } });
    const again = router.navigate('/attendance');
    screen.settle();
    await again;
    expect(screen.asked).toEqual([1, 2]);
    expect(router.state.error).toBeNull();
  });

  it('moves to a query on the same place, and replaces the place when asked', async () => {
    const router = createMemoryRouter([
      { path: '/', element: 'home' },
      { path: '/admin/audit', element: 'audit' },
    ]);
    await router.navigate('/admin/audit');
    await router.navigate('?from=2026-03-01', { replace: true });
    expect(router.state.location).toMatchObject({ pathname: '/admin/audit', search: '?from=2026-03-01' });
    await router.navigate(-1);
    expect(router.state.location.pathname).toBe('/');
  });

  describe('with a blocker', () => {
    const table: RouteObject[] = [
      { path: '/registration/:step', element: 'step' },
      { path: '/dashboard', element: 'dashboard' },
    ];
    const leavingTheWizard = ({ nextLocation }: { nextLocation: { pathname: string } }) => !nextLocation.pathname.startsWith('/registration/');

    it('holds back a move it refuses until she goes on, and lets the others through', async () => {
      const router = createMemoryRouter(table, { initialEntries: ['/registration/student-data'] });
      router.block(leavingTheWizard);
      await router.navigate('/registration/family-data');
      expect(router.state.location.pathname).toBe('/registration/family-data');
      await router.navigate('/dashboard');
      expect(router.state.location.pathname).toBe('/registration/family-data');
      expect(router.state.held).not.toBeNull();
      router.state.held!.proceed();
      await settled();
      expect(router.state).toMatchObject({ held: null, location: { pathname: '/dashboard' } });
    });

    it('keeps her where she is when she stays', async () => {
      const router = createMemoryRouter(table, { initialEntries: ['/registration/student-data'] });
      router.block(leavingTheWizard);
      await router.navigate('/dashboard');
      router.state.held!.reset();
      expect(router.state).toMatchObject({ held: null, location: { pathname: '/registration/student-data' } });
      router.block(null);
      await router.navigate('/dashboard');
      expect(router.state.location.pathname).toBe('/dashboard');
    });

    it('undoes a press of the back button it refuses, and goes back when she goes on', async () => {
      const router = createMemoryRouter(table, { initialEntries: ['/dashboard', '/registration/student-data'] });
      router.block(leavingTheWizard);
      await router.navigate(-1);
      expect(router.state.location.pathname).toBe('/registration/student-data');
      expect(router.state.held).not.toBeNull();
      router.state.held!.proceed();
      await settled();
      expect(router.state.location.pathname).toBe('/dashboard');
      // Forward again: the blocker is asked afresh, and lets her into the wizard.
      await router.navigate(1);
      expect(router.state.location.pathname).toBe('/registration/student-data');
    });

    it('lets a move to a fragment of the same page through unasked: undoing it would reload the page', async () => {
      window.history.replaceState(null, '', '/registration/student-data');
      const router = createBrowserRouter(table);
      const asked: string[] = [];
      router.block(({ nextLocation }) => asked.push(nextLocation.hash) > 0);
      window.location.hash = '#guardian';
      await expect.poll(() => router.state.location.hash).toBe('#guardian');
      expect(asked).toEqual([]);
      expect(router.state.held).toBeNull();
      expect(window.location.pathname).toBe('/registration/student-data');
      // This router still hears the page's history: its blocker, which refuses every move, must not
      // hold back the next test's back button.
      router.block(null);
    });

    it("undoes the browser's back button it refuses, and goes back in the browser when she goes on", async () => {
      window.history.replaceState(null, '', '/dashboard');
      const router = createBrowserRouter(table);
      await router.navigate('/registration/student-data');
      router.block(leavingTheWizard);
      window.history.back();
      await expect.poll(() => router.state.held).not.toBeNull();
      await expect.poll(() => window.location.pathname).toBe('/registration/student-data');
      expect(router.state.location.pathname).toBe('/registration/student-data');
      router.state.held!.proceed();
      await expect.poll(() => router.state.location.pathname).toBe('/dashboard');
      expect(window.location.pathname).toBe('/dashboard');
      expect(router.state.held).toBeNull();
    });
  });
});
