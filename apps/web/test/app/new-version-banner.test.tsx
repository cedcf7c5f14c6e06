import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '../../src/lib/router/index.ts';
import { describe, expect, it, vi } from 'vitest';
import { createAppUpdate } from '../../src/app/app-update.ts';
import { NewVersionBanner } from '../../src/app/new-version-banner.tsx';

/** The app's router and the banner beside it, as App renders them, with an update state of its own. */
function renderApp() {
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <p>Dashboard</p> },
      { path: '/attendance', element: <p>Attendance</p> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  const update = createAppUpdate();
  render(
    <>
      <RouterProvider router={router} />
      <NewVersionBanner router={router} update={update} />
    </>,
  );
  return { router, update };
}

describe('a new version of the portal', () => {
  it('shows nothing while none is known', async () => {
    const { router } = renderApp();
    expect(screen.queryByRole('status')).toBeNull();
    await act(() => router.navigate('/attendance'));
    expect(screen.getByText('Attendance')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('is offered with Reload, which takes it', async () => {
    const { update } = renderApp();
    const take = vi.fn();
    act(() => update.offer(take));
    expect(screen.getByRole('status')).toHaveTextContent('A new version is available —');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(take).toHaveBeenCalledExactlyOnceWith(undefined);
  });

  it('is taken at the next navigation when Reload is not pressed', async () => {
    const { router, update } = renderApp();
    const take = vi.fn();
    act(() => update.offer(take));
    expect(take).not.toHaveBeenCalled();
    await act(() => router.navigate('/attendance?from=menu'));
    expect(take).toHaveBeenCalledExactlyOnceWith('/attendance?from=menu');
  });
});
