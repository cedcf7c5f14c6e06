import type { ConsentAnswers, ConsentForm } from '@school/contract/responses';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '../../../src/lib/router/index.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ConsentFormPage from '../../../src/features/consents/consent-form-page.tsx';
import ConsentsPage from '../../../src/features/consents/consents-page.tsx';
import { json, renderWithQueries, staffSession, stubFetch, type Call } from '../../http.tsx';

afterEach(() => vi.unstubAllGlobals());

const form: ConsentForm = {
  id: 'f-trip',
  kind: 'form',
  title: 'Trip to the Botanic Gardens',
  class_ids: ['2B', '2C'],
  closes_on: '2026-06-12',
  per_daughter: false,
  open: true,
  version: 2,
  answers: 2,
  created_at: '2026-06-01T12:00:00Z',
  updated_at: '2026-06-02T12:00:00Z',
  text: 'I agree that my daughter may go on the trip.',
  versions: [
    { version: 1, created_at: '2026-06-01T12:00:00Z' },
    { version: 2, created_at: '2026-06-02T12:00:00Z' },
  ],
};

const counts = (students: number, agreed: number, no_answer: number, no_account: number, waiting: number) => ({
  students,
  agreed,
  not_agreed: 0,
  no_answer,
  no_account,
  guardians_waiting: waiting,
});

const answers: ConsentAnswers = {
  form,
  totals: counts(3, 1, 1, 1, 2),
  classes: [
    {
      class_id: '2B',
      counts: counts(2, 1, 1, 0, 2),
      students: [
        {
          student_id: '20260001',
          first_name: 'Ana',
          last_name: 'Alleyne',
          state: 'agreed',
          guardians: [
            { name: 'Alicia Alleyne', relationship: 'mother', answer: 'agree', typed_name: 'Alicia A.', answered_at: '2026-06-03T14:14:00Z', version: 1 },
            { name: 'Andre Alleyne', relationship: 'father', answer: null, typed_name: null, answered_at: null, version: null },
          ],
        },
        {
          student_id: '20260002',
          first_name: 'Bea',
          last_name: 'Baptiste',
          state: 'no_answer',
          guardians: [{ name: 'Beryl Baptiste', relationship: 'mother', answer: null, typed_name: null, answered_at: null, version: null }],
        },
      ],
    },
    {
      class_id: '2C',
      counts: counts(1, 0, 0, 1, 0),
      students: [{ student_id: '20260003', first_name: 'Cleo', last_name: 'Clarke', state: 'no_account', guardians: [] }],
    },
  ],
};

function renderAt(path: string, role: 'admin' | 'office', answer?: (call: Call) => Response | undefined) {
  const calls = stubFetch((call) => {
    const answered = answer?.(call);
    if (answered) return answered;
    if (call.url === '/api/session') return json(staffSession(role));
    if (call.url === '/api/config') return json({ school_name: 'St. Brigid', time_zone: 'America/Port_of_Spain' });
    if (call.url === '/api/registration-form-classes-list') return json([2, 2].map((level, index) => ({ id: `2${'BC'[index]}`, form_level: level })));
    if (call.url === '/api/consents') return json({ forms: [form], registration_agreement: false });
    if (call.url === '/api/consents/f-trip') return json(form);
    if (call.url === '/api/consents/f-trip/answers') return json(answers);
    return json({ message: 'Not found.' }, 404);
  });
  const router = createMemoryRouter(
    [
      { path: '/admin/consents', element: <ConsentsPage /> },
      { path: '/admin/consents/:formId', element: <ConsentFormPage /> },
    ],
    { initialEntries: [path] },
  );
  renderWithQueries(<RouterProvider router={router} />);
  return { calls, router };
}

describe('the Consent Forms screen', () => {
  it('lets an admin write a form for classes and opens it, and shows her the registration’s switch', async () => {
    const { calls, router } = renderAt('/admin/consents', 'admin', (call) =>
      call.url === '/api/consents' && call.method === 'POST' ? json({ ...form, id: 'f-new', title: 'Sea bathing' }) : undefined,
    );
    const table = await screen.findByRole('table', { name: 'Consent forms' });
    expect(within(table).getByRole('link', { name: 'Trip to the Botanic Gardens' })).toHaveAttribute('href', '/admin/consents/f-trip');
    expect(within(table).getByText('Open through 2026-06-12')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Ask a linked parent or guardian to agree to the yearly registration too' })).not.toBeChecked();

    await userEvent.click(screen.getByRole('button', { name: 'New consent form' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Consent Form' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open for Answers' }));
    expect(await within(dialog).findByText('Give the form a title.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await userEvent.type(within(dialog).getByLabelText(/^Title/), 'Sea bathing');
    await userEvent.type(within(dialog).getByLabelText(/^What the parents agree to/), 'She may bathe in the sea.');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Classes/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Form 2 – 2C' }));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Needed for each daughter' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open for Answers' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/consents/f-new'));
    const posted = calls.find((call) => call.method === 'POST')!.body as Record<string, unknown>;
    expect(posted).toMatchObject({ title: 'Sea bathing', text: 'She may bathe in the sea.', class_ids: ['2C'], per_daughter: true });
    expect(posted.closes_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('shows the office the forms and whether the registration asks a parent, without writing or switching', async () => {
    renderAt('/admin/consents', 'office');
    expect(await screen.findByRole('table', { name: 'Consent forms' })).toBeInTheDocument();
    expect(screen.getByText('Only the student agrees to the yearly registration.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New consent form' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });
});

describe('a consent form’s page', () => {
  it('lists per class who answered what and who has not, keeps only those waited for on demand, and reminds them after a count', async () => {
    let sent = false;
    const { calls } = renderAt('/admin/consents/f-trip', 'office', (call) => {
      if (call.url !== '/api/consents/f-trip/reminders') return undefined;
      const dryRun = (call.body as { dry_run: boolean }).dry_run;
      sent ||= !dryRun;
      return json({ dry_run: dryRun, guardians: 2, students: 2, recipients: 2 });
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Trip to the Botanic Gardens' })).toBeInTheDocument();
    expect(screen.getByText('Classes 2B, 2C · Open through 2026-06-12 · One answer from each parent or guardian · Text version 2')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(await screen.findByText('3 students · 1 agreed · 0 did not agree · 1 not answered · 1 without a parent account')).toBeInTheDocument();
    expect(screen.getByText('2 parents and guardians have not answered.')).toBeInTheDocument();

    const classB = screen.getByRole('table', { name: 'Answers of class 2B' });
    const rows = within(classB).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Alleyne, Ana20260001', 'Agreed', 'Alicia Alleyne (Mother)', 'Agreed', 'Alicia A.', '2026-06-03 10:14:00to version 1'],
      ['Alleyne, Ana, another guardian', 'Agreed', 'Andre Alleyne (Father)', 'Not answered', '—', '—'],
      ['Baptiste, Bea20260002', 'Not answered', 'Beryl Baptiste (Mother)', 'Not answered', '—', '—'],
    ]);
    expect(within(screen.getByRole('table', { name: 'Answers of class 2C' })).getByText('No parent account linked')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('switch', { name: 'Only those who have not answered' }));
    // Only those who have not answered: Ana's father and Bea's mother; Ana's mother goes.
    const waiting = within(screen.getByRole('table', { name: 'Answers of class 2B' }))
      .getAllByRole('row')
      .slice(1);
    expect(waiting.map((row) => within(row).getAllByRole('cell')[2].textContent)).toEqual(['Andre Alleyne (Father)', 'Beryl Baptiste (Mother)']);
    expect(within(waiting[0]).getAllByRole('cell')[0].textContent).toBe('Alleyne, Ana20260001');

    await userEvent.click(screen.getByRole('button', { name: 'Count who would receive it' }));
    expect(await screen.findByText(/2 parents and guardians of 2 students have not answered\. The reminder would go to 2 addresses\./)).toBeInTheDocument();
    expect(sent).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Send the reminder' }));
    expect(await screen.findByText(/Reminder queued for 2 parents and guardians/)).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/consents/f-trip/reminders').map((call) => call.body)).toEqual([{ dry_run: true }, { dry_run: false }]);
  });

  it('lets an admin edit the words, and tells her they are a new version', async () => {
    renderAt('/admin/consents/f-trip', 'admin', (call) =>
      call.method === 'PATCH' ? json({ ...form, version: 3, text: 'New words.', versions: [...form.versions, { version: 3, created_at: 'x' }] }) : undefined,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Consent Form' });
    expect(within(dialog).getByText(/2 guardians have answered\. New words are saved as version 3/)).toBeInTheDocument();
    expect(within(dialog).getByRole('switch', { name: 'Needed for each daughter' })).toBeDisabled();
    const words = within(dialog).getByLabelText(/^What the parents agree to/);
    await userEvent.clear(words);
    await userEvent.type(words, 'New words.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The text is saved as version 3. The 2 answers given before keep the version they agreed to.')).toBeInTheDocument();
  });
});
