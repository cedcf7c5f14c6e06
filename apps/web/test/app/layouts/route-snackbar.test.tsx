import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '../../../src/lib/router/index.ts';
import { describe, expect, it, vi } from 'vitest';
import { RouteSnackbar } from '../../../src/app/layouts/route-snackbar.tsx';

function renderHandedOver() {
  const router = createMemoryRouter([{ path: '*', element: <RouteSnackbar /> }], {
    initialEntries: [{ pathname: '/registration/student-data', state: { snackbar: 'Password Changed Successfully.' } }],
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('the handed-over message', () => {
  it('shows the message as an alert with a Close button that closes it', async () => {
    renderHandedOver();
    expect(screen.getByRole('alert')).toHaveTextContent('Password Changed Successfully.');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('goes by itself after six seconds', () => {
    vi.useFakeTimers();
    renderHandedOver();
    act(() => vi.advanceTimersByTime(5900));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('closes on Escape', async () => {
    renderHandedOver();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows nothing when no message was handed over', () => {
    render(<RouterProvider router={createMemoryRouter([{ path: '*', element: <RouteSnackbar /> }])} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
