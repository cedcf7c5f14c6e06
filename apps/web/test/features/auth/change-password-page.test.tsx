import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '../../../src/lib/router/index.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ChangePasswordPage from '../../../src/features/auth/change-password-page.tsx';
import { json, renderWithQueries, studentSession, stubFetch, type Call } from '../../http.tsx';

const session = studentSession;

/** The portal: the session, the current-password check (right when 'Old-Password-1') and the change, answered by `onChange`. */
function serve(onChange: (call: Call) => Response) {
  return stubFetch((call) => {
    if (call.url === '/api/session') return json(session);
    if (call.url === '/api/check-current-password') {
      const ok = (call.body as { current_password: string }).current_password === 'Old-Password-1';
      return ok ? json({ message: 'ok' }) : json({ message: 'x', errors: { current_password: ['The current password is incorrect.'] } }, 422);
    }
    if (call.url === '/api/change-password-student') return onChange(call);
    return json([]);
  });
}

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/registration/change-password', element: <ChangePasswordPage /> },
      { path: '/registration/student-data', element: <h1>Student Data</h1> },
    ],
    { initialEntries: ['/registration/change-password'] },
  );
  renderWithQueries(<RouterProvider router={router} />);
}

afterEach(() => vi.unstubAllGlobals());

describe('the change-password screen (two steps)', () => {
  it('checks the current password at the first step and stays there when it is wrong', async () => {
    const calls = serve(() => json({ message: 'Password Changed Successfully.' }));
    renderPage();
    await userEvent.type(screen.getByLabelText(/^Current Password/), 'wrong-one');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The current password is incorrect.');
    expect(screen.queryByLabelText(/^New Password/)).not.toBeVisible();
    expect(calls.filter((call) => call.url === '/api/change-password-student')).toHaveLength(0);
  });

  it('keeps the typed new password when the second step is refused', async () => {
    serve(() => json({ message: 'x', errors: { password: ['This password is too common. Please choose another.'] } }, 422));
    renderPage();
    await userEvent.type(screen.getByLabelText(/^Current Password/), 'Old-Password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.type(await screen.findByLabelText(/^New Password/), 'Scarlet-Ibis-2026');
    await userEvent.type(screen.getByLabelText(/^Confirm Password/), 'Scarlet-Ibis-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('This password is too common. Please choose another.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^New Password/)).toHaveValue('Scarlet-Ibis-2026');
    expect(screen.getByLabelText(/^Confirm Password/)).toHaveValue('Scarlet-Ibis-2026');
  });

  it('keeps the typed new password when the current one was changed meanwhile', async () => {
    serve(() => json({ message: 'x', errors: { current_password: ['The current password is incorrect.'] } }, 422));
    renderPage();
    await userEvent.type(screen.getByLabelText(/^Current Password/), 'Old-Password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.type(await screen.findByLabelText(/^New Password/), 'Scarlet-Ibis-2026');
    await userEvent.type(screen.getByLabelText(/^Confirm Password/), 'Scarlet-Ibis-2026');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('The current password is incorrect.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByLabelText(/^New Password/)).toHaveValue('Scarlet-Ibis-2026');
  });
});
