import type { StudentRecord } from '@school/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '../../../src/lib/router/index.ts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Registration } from '../../../src/api/get-student.ts';
import { registrationRoutes } from '../../../src/features/registration/routes.tsx';
import { formatDay, today } from '../../../src/lib/format-day.ts';
import { held, json, renderWithQueries, stubFetch } from '../../http.tsx';
import { allReviewed, progress, registration } from './fixtures.tsx';

/** A small stand-in for the portal's API: the session, the record (as `read` gives it), empty lists, and saves. */
/** Every required field of the four data steps filled in, with valid values. */
const everyStepFilled = {
  home_address: '12 Coffee Street',
  address_line_2: 'San Fernando',
  regional_corporation: 'San Fernando City Corporation',
  email: 'kezia@example.tt',
  previous_school: 'Naparima Primary',
  religion_code: 'RC',
  ethnic_group_code: '1',
  sex: 'F',
  date_of_birth: '2013-05-01',
  birth_certificate_no: 'BC1',
  place_of_birth: 'Trinidad',
  nationality: 'Trinidadian',
  living_status: 'Other',
  device_type: 'Phone',
};

function fakeServer(initial: Registration, onSave: (record: StudentRecord) => Response, read = () => initial) {
  const saves: StudentRecord[] = [];
  stubFetch((call) => {
    if (call.url === '/api/session')
      return json({
        authenticated: true,
        admin: false,
        restricted: false,
        userID: initial.record.id,
        name: 'Kezia Charles',
        initials: 'KC',
        must_change_password: false,
      });
    if (call.url === `/api/student/${initial.record.id}`) return json(read());
    if (call.url === '/api/student' && call.method === 'POST') {
      saves.push(call.body as StudentRecord);
      return onSave(call.body as StudentRecord);
    }
    return json([]);
  });
  return saves;
}

function renderWizard(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/registration', children: registrationRoutes },
      { path: '/dashboard', element: <h1>Dashboard</h1> },
    ],
    { initialEntries: [path] },
  );
  const { client } = renderWithQueries(<RouterProvider router={router} />);
  return Object.assign(router, { client });
}

/** Waits until the step is drawn with her record under its name (the name comes first). */
async function stepShown(name: string) {
  await screen.findByRole('heading', { name, level: 1 });
  await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Loading your registration' })).not.toBeInTheDocument());
}

/** The side menu of steps (jsdom applies no media queries, so the phone's bottom bar is there too). */
const stepMenu = () => screen.getAllByRole('navigation', { name: 'Registration steps' })[0];

beforeEach(() => {
  vi.unstubAllGlobals();
  // jsdom has no ResizeObserver; the PDF viewer fits its pages to the dialog's width with one.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the registration wizard', () => {
  // The wizard's steps and what a tap opens (the form's PDF dialog) are fetched when first
  // needed, and their modules (MUI's above all), transformed on first use, take
  // a busy machine tens of seconds: loaded once here, with room, each test waits for its screen
  // and not for that.
  beforeAll(async () => {
    await Promise.all([
      import('../../../src/features/registration/wizard-layout.tsx'),
      import('../../../src/features/registration/pages.tsx'),
      import('../../../src/features/registration/documents-step-page.tsx'),
      import('../../../src/features/registration/complete-step-page.tsx'),
      import('../../../src/components/mui/pdf-dialog.tsx'),
      import('../../../src/components/mui/mui-theme.tsx'),
    ]);
  }, 180_000);
  it('opens Student Data from /registration, lists the six steps and marks the current one', async () => {
    fakeServer(registration(), (record) => json({ message: 'Saved', record, progress }));
    const router = renderWizard('/registration');
    expect(await screen.findByRole('heading', { name: 'Student Data', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/registration/student-data');
    const links = within(stepMenu()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Student Data', 'Family Data', 'Health Data', 'Other Data', 'Documents', 'Complete']);
    expect(links[0]).toHaveAttribute('aria-current', 'step');
  });

  it('lets the student jump to any step', async () => {
    fakeServer(registration(), (record) => json({ message: 'Saved', record, progress }));
    renderWizard('/registration/student-data');
    await screen.findByRole('heading', { name: 'Student Data', level: 1 });
    await userEvent.click(within(stepMenu()).getByRole('link', { name: 'Other Data' }));
    expect(await screen.findByRole('heading', { name: 'Other Data', level: 1 })).toBeInTheDocument();
    await userEvent.click(within(stepMenu()).getByRole('link', { name: 'Complete' }));
    expect(await screen.findByRole('heading', { name: 'Complete', level: 1 })).toBeInTheDocument();
  });

  it('checks a step in the menu as soon as a save answers that it is complete', async () => {
    const saves = fakeServer(registration(), (record) =>
      json({ message: 'Saved', record: { ...record, updatedAt: 'v2' }, progress: { ...progress, healthData: 1 } }),
    );
    renderWizard('/registration/health-data');
    await screen.findByRole('heading', { name: 'Health Data', level: 1 });
    expect(within(stepMenu()).getByRole('link', { name: 'Health Data' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('switch', { name: 'Asthma' }));
    expect(await within(stepMenu()).findByRole('link', { name: 'Health Data (complete)' })).toBeInTheDocument();
    expect(saves[0]).toMatchObject({ asthma: 1, first_name: 'Kezia', updatedAt: '2026-09-01T00:00:00.000Z' });
  });

  it("counts a step as done once she presses 'Nothing has changed', and then offers it no more", async () => {
    const calls: unknown[] = [];
    fakeServer(registration(), (record) => json({ message: 'Saved', record, progress }));
    const inner = globalThis.fetch;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if (String(url) === '/api/registration/confirm-step') {
        calls.push([init?.method, JSON.parse(String(init?.body))]);
        const reviewed = { ...progress.reviewed, healthData: 1 };
        return json({ message: 'Thank you: you have confirmed Health Data.', progress: { ...progress, healthData: 1, reviewed } });
      }
      return inner(url, init);
    });
    renderWizard('/registration/health-data');
    await stepShown('Health Data');
    expect(within(stepMenu()).getByRole('link', { name: 'Health Data' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Nothing has changed' }));
    const thanks = await screen.findByText('Thank you: you have confirmed Health Data.');
    expect(calls).toEqual([['POST', { step: 'healthData' }]]);
    expect(await within(stepMenu()).findByRole('link', { name: 'Health Data (complete)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nothing has changed' })).not.toBeInTheDocument();
    // The button she pressed is gone: focus is on the answer in its place.
    expect(thanks.closest('[role="status"]')).toHaveFocus();
  });

  it("offers 'Nothing has changed' only on a complete step not yet reviewed", async () => {
    fakeServer({ ...registration(), progress: { ...progress, reviewed: { ...progress.reviewed, studentData: 1 } } }, (record) =>
      json({ message: 'Saved', record, progress }),
    );
    const router = renderWizard('/registration/student-data');
    await screen.findByRole('heading', { name: 'Student Data', level: 1 });
    expect(screen.queryByRole('button', { name: 'Nothing has changed' })).not.toBeInTheDocument();
    // Family Data still has fields to fill in: filling them in reviews it, so it does not offer the button.
    await router.navigate('/registration/family-data');
    await screen.findByRole('heading', { name: 'Family Data', level: 1 });
    expect(screen.queryByRole('button', { name: 'Nothing has changed' })).not.toBeInTheDocument();
    await router.navigate('/registration/health-data');
    expect(await screen.findByRole('button', { name: 'Nothing has changed' })).toBeInTheDocument();
  });

  it("hides 'Nothing has changed' while her form's registration is closed", async () => {
    const closed = registration();
    closed.registration = { ...closed.registration, open: 0, editable: false, message: 'Registration is closed.' };
    fakeServer(closed, (record) => json({ message: 'Saved', record, progress }));
    renderWizard('/registration/health-data');
    await screen.findByRole('heading', { name: 'Health Data', level: 1 });
    expect(screen.queryByRole('button', { name: 'Nothing has changed' })).not.toBeInTheDocument();
  });

  it('shows each step’s state on the Complete step and keeps the agreement until every step is complete', async () => {
    fakeServer(registration({ living_status: 'Father Only' }), (record) => json({ message: 'Saved', record, progress }));
    renderWizard('/registration/complete');
    await stepShown('Complete');
    const states = screen.getByRole('list', { name: 'Step states' });
    expect(within(states).getByRole('link', { name: 'Family Data' })).toHaveAttribute('href', '/registration/family-data');
    expect(within(states).getByText(/Fill in: Father: Name\./)).toBeInTheDocument();
    expect(within(states).getAllByText("Check this step and press 'Nothing has changed', or change what is different.").length).toBeGreaterThan(0);
    const agree = screen.getByRole('checkbox', { name: 'I have read and agree to the terms and conditions.' });
    expect(agree).toBeDisabled();
    expect(agree).toHaveAccessibleDescription(/You can agree once every step is complete: Student Data, Family Data, Health Data, Other Data, Documents/);
    expect(screen.getByText('The information I have given is true.')).toBeInTheDocument();
  });

  it('names on Complete the documents still to upload, not a button the Documents step does not show', async () => {
    fakeServer(registration(everyStepFilled), (record) => json({ message: 'Saved', record, progress }));
    const uploaded = [{ name: 'birth.pdf', type: 'birth_certificate', url: '/api/file/1' }];
    const answer = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).startsWith('/api/get-files/') ? Promise.resolve(json(uploaded)) : answer(input, init),
    );
    const router = renderWizard('/registration/complete');
    await stepShown('Complete');
    const states = screen.getByRole('list', { name: 'Step states' });
    expect(await within(states).findByText('Upload: Immunization Card, SEA Slip, Photo of the Student.')).toBeInTheDocument();
    // The Documents step says the same, and offers no 'Nothing has changed' while one is missing.
    await router.navigate('/registration/documents');
    expect(await screen.findByText('Upload: Immunization Card, SEA Slip, Photo of the Student.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nothing has changed' })).not.toBeInTheDocument();
  });

  it('says so when every step is complete, and lets her agree', async () => {
    const complete = registration(everyStepFilled);
    const done = { ...progress, studentData: 1, familyData: 1, healthData: 1, otherData: 1, documents: 1, reviewed: allReviewed };
    const saves = fakeServer({ ...complete, progress: done }, (record) => json({ message: 'Saved', record, progress: { ...done, submit: 1 } }));
    renderWizard('/registration/complete');
    expect(await screen.findByText(/Every step is complete\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'I have read and agree to the terms and conditions.' }));
    await waitFor(() => expect(saves[0]).toMatchObject({ agree_terms_conditions: 1 }));
    // Agreed: the confirmation with today's date replaces the invitation to agree.
    const confirmation = await screen.findByTestId('registration-complete');
    expect(confirmation).toHaveTextContent('Your registration for 2026-2027 is complete');
    expect(confirmation).toHaveTextContent(`Completed on ${formatDay(today())}.`);
    expect(confirmation).toHaveTextContent('If something changes, update it here and tell the school office.');
    expect(screen.queryByText(/agree to finish your registration/)).not.toBeInTheDocument();
  });

  it('judges each saved value on Complete as the server will, and the agreement waits for one that is not valid', async () => {
    // Saved in a year when it was valid: an address the e-mail rule now refuses.
    const stale = registration({ ...everyStepFilled, email: 'kezia at example.tt' });
    const done = { ...progress, studentData: 1, familyData: 1, healthData: 1, otherData: 1, documents: 1, reviewed: allReviewed };
    fakeServer({ ...stale, progress: done }, (record) => json({ message: 'Saved', record, progress: done }));
    renderWizard('/registration/complete');
    // The step may first draw before the schemas have come (contract: stepStates); once they have, they find it.
    expect(await screen.findByText('Correct: E-mail.')).toBeInTheDocument();
    expect(screen.getByText(/1 steps still need|One step still needs/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'I have read and agree to the terms and conditions.' })).toBeDisabled();
  });

  it('confirms a registration completed earlier with the day it was completed', async () => {
    const done = { studentData: 1, familyData: 1, healthData: 1, otherData: 1, documents: 1, submit: 1, reviewed: allReviewed };
    fakeServer({ ...registration({ agree_terms_conditions: 1 }), progress: done, completed_on: '2026-10-02' }, (record) =>
      json({ message: 'Saved', record, progress: done }),
    );
    renderWizard('/registration/complete');
    const confirmation = await screen.findByTestId('registration-complete');
    expect(confirmation).toHaveTextContent('Your registration for 2026-2027 is complete');
    expect(confirmation).toHaveTextContent('Completed on 2026-10-02.');
    expect(screen.queryByText(/agree to finish your registration/)).not.toBeInTheDocument();
  });

  it('ends each step with Back and Continue, which moves on even when the step is incomplete', async () => {
    fakeServer(registration(), (record) => json({ message: 'Saved', record, progress }));
    const router = renderWizard('/registration/student-data');
    await stepShown('Student Data');
    const stepNav = () => screen.getByRole('navigation', { name: 'Step' });
    // The first step has nowhere to go back to.
    expect(within(stepNav()).queryByRole('link', { name: 'Back' })).not.toBeInTheDocument();
    await userEvent.click(within(stepNav()).getByRole('link', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Family Data', level: 1 })).toHaveFocus();
    expect(router.state.location.pathname).toBe('/registration/family-data');
    await userEvent.click(within(stepNav()).getByRole('link', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Student Data', level: 1 })).toBeInTheDocument();
    await router.navigate('/registration/documents');
    await screen.findByRole('heading', { name: 'Documents', level: 1 });
    await userEvent.click(within(stepNav()).getByRole('link', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Complete', level: 1 })).toBeInTheDocument();
    // From Complete, still incomplete, Continue leads on to the dashboard.
    expect(screen.getByText(/steps still need attention/)).toBeInTheDocument();
    expect(within(stepNav()).getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/registration/documents');
    await userEvent.click(within(stepNav()).getByRole('link', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
  });

  it('shows what she saved when she comes back to the wizard from another page', async () => {
    // The server keeps each save, as the real one does.
    let stored = registration();
    fakeServer(
      stored,
      (record) => {
        stored = { ...stored, record: { ...record, updatedAt: '2026-09-02T00:00:00.000Z' } };
        return json({ message: 'Saved', record: stored.record, progress });
      },
      () => stored,
    );
    const router = renderWizard('/registration/student-data');
    const address = await screen.findByRole('textbox', { name: /Home Address/ });
    await userEvent.type(address, '12 Pasea Road');
    await userEvent.tab();
    await waitFor(() => expect(stored.record.home_address).toBe('12 Pasea Road'));
    await waitFor(() => expect(document.querySelector('[data-save-status="saved"]')).not.toBeNull());
    await router.navigate('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    await router.navigate('/registration/student-data');
    expect(await screen.findByRole('textbox', { name: /Home Address/ })).toHaveValue('12 Pasea Road');
  });

  it('never starts from a copy of her record read before this visit, however recently', async () => {
    const stored = registration({ home_address: '12 Pasea Road' });
    fakeServer(stored, (record) => json({ message: 'Saved', record, progress }));
    const router = renderWizard('/dashboard');
    // A copy from before her last changes, still in the cache when she opens the wizard again.
    router.client.setQueryData(['student', stored.record.id], registration());
    await router.navigate('/registration/student-data');
    expect(await screen.findByRole('textbox', { name: /Home Address/ })).toHaveValue('12 Pasea Road');
  });

  it('shows every field read-only under a banner saying why when registration is closed', async () => {
    const closed = {
      ...registration(),
      registration: {
        academic_year: '2026-2027',
        form_level: 1,
        open: 0,
        deadline: null,
        editable: false,
        message: 'Registration for Form 1 is closed. Your record can be viewed but not changed.',
      },
    };
    fakeServer(closed, () => json({ message: 'closed' }, 403));
    renderWizard('/registration/student-data');
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration for Form 1 is closed. Your record can be viewed but not changed.');
    expect(screen.getByRole('textbox', { name: /First Name/ })).toBeDisabled();
    expect(await screen.findByRole('textbox', { name: /Home Address/ })).toBeDisabled();
    expect(await screen.findByRole('switch', { name: 'The student holds an immigration permit' })).toBeDisabled();
  });

  it('says until when registration is open when a deadline is set', async () => {
    const open = {
      ...registration(),
      registration: {
        academic_year: '2026-2027',
        form_level: 1,
        open: 1,
        deadline: '2026-09-25T20:00:00.000Z',
        editable: true,
        message: 'Registration is open until 2026-09-25 16:00:00.',
      },
    };
    fakeServer(open, (record) => json({ message: 'Saved', record, progress }));
    renderWizard('/registration/student-data');
    expect(await screen.findByText('Registration is open until 2026-09-25 16:00:00.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /First Name/ })).toBeEnabled();
  });

  it('asks before leaving the wizard while a change is unsaved', async () => {
    fakeServer(registration(), () => {
      throw new TypeError('Failed to fetch');
    });
    const router = renderWizard('/registration/health-data');
    await screen.findByRole('heading', { name: 'Health Data', level: 1 });
    await userEvent.click(await screen.findByRole('switch', { name: 'Asthma' }));
    await waitFor(() => expect(screen.getByText(/You are offline/)).toBeInTheDocument());
    void router.navigate('/dashboard');
    const dialog = await screen.findByRole('dialog', { name: 'Leave with unsaved changes?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/registration/health-data');
  });

  it('shows the steps and the step’s name while her record is on its way, and the form’s dialog opened meanwhile stays open', async () => {
    const record = held();
    fakeServer(registration(), (saved) => json({ message: 'Saved', record: saved, progress }));
    const answer = globalThis.fetch;
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => (String(url) === '/api/student/20260001' ? record.response : answer(url, init)));
    renderWizard('/registration/family-data');
    expect(await screen.findByRole('heading', { name: 'Family Data', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Loading your registration' })).toBeInTheDocument();
    expect(within(stepMenu()).getByRole('link', { name: 'Family Data' })).toHaveAttribute('aria-current', 'step');
    await userEvent.click(screen.getByRole('button', { name: 'View / Print registration form' }));
    expect(await screen.findByRole('dialog', { name: 'Registration Form' })).toBeInTheDocument();
    record.release(json(registration()));
    // The page under the open dialog is hidden from screen readers.
    expect(await screen.findByRole('navigation', { name: 'Step', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Loading your registration', hidden: true })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Registration Form' })).toBeInTheDocument();
  });

  it('shows the registration form full screen, fetched for the portal’s viewer, with the legal-paper note', async () => {
    fakeServer(registration(), (record) => json({ message: 'Saved', record, progress }));
    renderWizard('/registration/complete');
    await userEvent.click(await screen.findByRole('button', { name: 'View / Print registration form' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registration Form' });
    expect(within(dialog).getByText('Printing this form needs a legal sheet (8 1/2 x 14).')).toBeInTheDocument();
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/registration-form/20260001', expect.objectContaining({ credentials: 'include' })));
    expect(within(dialog).getByRole('button', { name: 'Print' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
