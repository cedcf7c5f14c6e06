import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '../../../src/lib/router/index.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SignInPage from '../../../src/features/auth/sign-in-page.tsx';
import { messages } from '@school/contract/messages';
import { json, renderWithQueries, stubFetch } from '../../http.tsx';

function renderSignIn(address = '/', provider: { name: string; roles: Array<'staff' | 'students' | 'guardians'> } | null = null) {
  const calls = stubFetch((call) => {
    if (call.url === '/api/session') return json({ authenticated: false, admin: false, restricted: false });
    if (call.url === '/api/config') return json({ school_name: 'St. Brigid', time_zone: 'America/Port_of_Spain', sign_in_provider: provider });
    if (call.url === '/api/user/20250067') return json([{ student_id: '20250067', password_reset: 1 }]);
    if (call.url.startsWith('/api/user/')) return json([{ student_id: call.url.slice(10), password_reset: 0 }]);
    return json({});
  });
  const router = createMemoryRouter([{ path: '/', element: <SignInPage /> }], { initialEntries: [address] });
  renderWithQueries(<RouterProvider router={router} />);
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('the student sign-in', () => {
  it('hints at the date of birth as soon as the typed ID needs it, before the password box is reached', async () => {
    const calls = renderSignIn();
    const id = await screen.findByLabelText(/^Student ID/);
    await userEvent.type(id, '20250067');
    // Focus stays in the ID box: the hint comes from her pause, not from leaving it.
    expect(id).toHaveFocus();
    expect(await screen.findByText('First sign-in: your date of birth as yyyymmdd, for example 20130921.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('placeholder', 'Enter date of birth');
    // The server answers the question only with the CSRF token echoed.
    const asked = calls.find((call) => call.url === '/api/user/20250067') as (typeof calls)[number] & { headers: Headers };
    expect(asked.headers.get('X-XSRF-TOKEN')).toBe('test-token');

    // Another ID, which has its own password: the hint goes with the ID it was for.
    await userEvent.clear(id);
    await userEvent.type(id, '20250001');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('placeholder', 'Enter password');
    expect(screen.queryByText(/First sign-in/)).not.toBeInTheDocument();
  });

  it('offers the school’s provider when students may use it, and says why its sign-in came back refused', async () => {
    renderSignIn('/?sign_in=unknown', { name: 'Google', roles: ['staff', 'students'] });
    expect(await screen.findByRole('link', { name: 'Sign in with Google' })).toHaveAttribute('href', '/api/auth/oidc/start?for=student');
    expect(screen.getByRole('alert')).toHaveTextContent(messages.providerSignIn.unknown);
  });

  it('offers no provider that is open to staff only', async () => {
    renderSignIn('/', { name: 'Google', roles: ['staff'] });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Sign in with/ })).not.toBeInTheDocument();
  });
});
