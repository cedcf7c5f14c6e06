import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormLevelStatus } from '../../../src/features/registration/api/get-registration-status.ts';
import RegistrationSettingsPage from '../../../src/features/registration/registration-settings-page.tsx';
import { json, renderWithQueries, stubFetch, type Call } from '../../http.tsx';

const level = (form_level: number, change: Partial<FormLevelStatus> = {}): FormLevelStatus => ({
  form_level,
  open: 1,
  deadline: null,
  deadline_local: null,
  editable: true,
  message: 'Registration is open.',
  time_zone: 'America/Port_of_Spain',
  ...change,
});

/** The portal's registration windows; a PUT changes one as the server would, or is refused with `refusal`. */
function serve(refusal?: Response) {
  const levels = [level(1), level(2, { open: 0, editable: false, message: 'Registration for Form 2 is closed.' })];
  const calls = stubFetch((call: Call) => {
    if (call.url === '/api/registration-status') return json(levels);
    const put = /^\/api\/registration-status\/(\d)$/.exec(call.url);
    if (put && call.method === 'PUT') {
      if (refusal) return refusal;
      const index = levels.findIndex((entry) => entry.form_level === Number(put[1]));
      levels[index] = { ...levels[index], ...(call.body as Partial<FormLevelStatus>) };
      return json(levels[index]);
    }
    return json({ message: 'Not found' }, 404);
  });
  return () => calls.filter((call) => call.method === 'PUT');
}

const row = (form: string) => screen.getByRole('row', { name: new RegExp(`^${form}`) });

afterEach(() => vi.unstubAllGlobals());

describe('the registration settings', () => {
  it('shows each form level’s window, with Save only once something changed', async () => {
    serve();
    renderWithQueries(<RegistrationSettingsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Registration Settings' })).toBeInTheDocument();
    expect(await screen.findByRole('switch', { name: 'Form 1 registration open' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Form 2 registration open' })).not.toBeChecked();
    expect(row('Form 2')).toHaveTextContent('Registration for Form 2 is closed.');
    expect(within(row('Form 1')).getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.click(screen.getByRole('switch', { name: 'Form 1 registration open' }));
    expect(within(row('Form 1')).getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(within(row('Form 2')).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('closes a form level and sets a deadline, then shows what was saved', async () => {
    const puts = serve();
    renderWithQueries(<RegistrationSettingsPage />);
    await userEvent.click(await screen.findByRole('switch', { name: 'Form 1 registration open' }));
    await userEvent.click(within(row('Form 1')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Form 1 registration saved.')).toBeInTheDocument();
    expect(puts()).toEqual([{ url: '/api/registration-status/1', method: 'PUT', body: { open: 0, deadline_local: null } }]);
    expect(within(row('Form 1')).getByRole('button', { name: 'Save' })).toBeDisabled();

    fireEvent.input(screen.getByLabelText('Form 2 deadline'), { target: { value: '2026-09-25' } });
    fireEvent.input(screen.getByLabelText('Form 2 deadline time'), { target: { value: '16:00' } });
    await userEvent.click(within(row('Form 2')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Form 2 registration saved.')).toBeInTheDocument();
    expect(puts()[1].body).toEqual({ open: 0, deadline_local: '2026-09-25T16:00' });
  });

  it('shows the server’s reason under the deadline when a save is refused', async () => {
    serve(json({ message: 'Invalid', errors: { deadline_local: ['Enter the deadline as a date and time.'] } }, 422));
    renderWithQueries(<RegistrationSettingsPage />);
    fireEvent.input(await screen.findByLabelText('Form 1 deadline'), { target: { value: '2026-09-25' } });
    fireEvent.input(screen.getByLabelText('Form 1 deadline time'), { target: { value: '16:00' } });
    await userEvent.click(within(row('Form 1')).getByRole('button', { name: 'Save' }));
    expect(await within(row('Form 1')).findByText('Enter the deadline as a date and time.')).toBeInTheDocument();
    expect(screen.queryByText('Form 1 registration saved.')).not.toBeInTheDocument();
  });

  it('takes the deadline as yyyy-MM-dd and HH:mm, and refuses 2026-13-45 with a clear message, sending nothing', async () => {
    const puts = serve();
    renderWithQueries(<RegistrationSettingsPage />);
    fireEvent.input(await screen.findByLabelText('Form 1 deadline'), { target: { value: '2026-13-45' } });
    fireEvent.input(screen.getByLabelText('Form 1 deadline time'), { target: { value: '25:00' } });
    await userEvent.click(within(row('Form 1')).getByRole('button', { name: 'Save' }));
    expect(await within(row('Form 1')).findByText('Enter a real date as yyyy-MM-dd, e.g. 2026-09-25.')).toBeInTheDocument();
    expect(within(row('Form 1')).getByText('Enter a time as HH:mm, e.g. 16:00.')).toBeInTheDocument();
    expect(puts()).toEqual([]);
  });
});
