import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LightLink } from '../../../src/components/light/light-link.tsx';

/** A screen with a link to /attendance, at /dashboard, in a router of its own. */
function renderLink() {
  const pressed: MouseEvent[] = [];
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard',
        element: (
          <LightLink to="/attendance" className="light-card-action" onClick={(event) => pressed.push(event.nativeEvent)}>
            Attendance
          </LightLink>
        ),
      },
      { path: '/attendance', element: <h1>Attendance</h1> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(<RouterProvider router={router} />);
  return { router, pressed, link: screen.getByRole('link', { name: 'Attendance' }) };
}

describe('a light link', () => {
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
