import { absenceNoteMessages } from '@school/contract/absence-notes';
import type { AbsenceNote } from '@school/contract/responses';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AbsenceNotesPage from '../../../src/features/absence-notes/absence-notes-page.tsx';
import { json, renderWithQueries, staffSession, stubFetch, type Call } from '../../http.tsx';

const note = (id: string, fields: Partial<AbsenceNote> = {}): AbsenceNote => ({
  id,
  student_id: '20260001',
  first_name: 'Kezia',
  last_name: 'Charles',
  class_id: '1A',
  from: '2026-11-30',
  to: '2026-12-01',
  sessions: 'both',
  reason: 'illness',
  text: 'A fever.',
  file: { name: 'doctor.jpg', type: 'image/jpeg', size: 1200, url: `/api/absence-notes/${id}/file` },
  sent_by: { kind: 'guardian', name: 'Maria Charles', relationship: 'mother' },
  sent_at: '2026-12-01T12:05:00.000Z',
  status: 'pending',
  answered_at: null,
  answered_by: null,
  decline_reason: null,
  days: [
    { date: '2026-11-30', am: 'absent', pm: 'absent', late: false },
    { date: '2026-12-01', am: 'present', pm: 'not yet', late: true },
  ],
  ...fields,
});

/** The screen over a portal whose notes change as the answers say; `answer` may answer a call first (a 409, say). */
function renderPage(role: 'office' | 'teacher' = 'office', answer?: (call: Call) => Response | undefined) {
  let notes = [note('n-2', { first_name: 'Amara', student_id: '20260002' }), note('n-1')];
  const calls = stubFetch((call) => {
    const answered = answer?.(call);
    if (answered) return answered;
    const url = new URL(call.url, 'http://portal');
    if (call.url === '/api/session') return json(staffSession(role, role === 'teacher' ? ['1A'] : []));
    if (call.url === '/api/config') return json({ school_name: 'St. Brigid', time_zone: 'America/Port_of_Spain' });
    if (call.url === '/api/registration-form-classes-list') return json([{ id: '1A', form_level: 1 }]);
    if (url.pathname === '/api/absence-notes') {
      const status = url.searchParams.get('status');
      const items = notes.filter((each) => !status || each.status === status);
      return json({ items, total: items.length, pending: notes.filter((each) => each.status === 'pending').length, may_send: false });
    }
    if (call.method === 'PATCH') {
      const id = url.pathname.split('/').pop();
      const body = call.body as { decision: 'accept' | 'decline'; reason?: string };
      const status = body.decision === 'accept' ? ('accepted' as const) : ('declined' as const);
      notes = notes.map((each) => (each.id === id ? { ...each, status, decline_reason: body.reason ?? null, answered_at: '2026-12-02T13:00:00.000Z' } : each));
      const name = 'Kezia Charles';
      return json({
        message: status === 'accepted' ? absenceNoteMessages.accepted(name) : absenceNoteMessages.declined(name),
        note: notes.find((each) => each.id === id),
      });
    }
    return json({ message: 'Not found.' }, 404);
  });
  renderWithQueries(<AbsenceNotesPage />);
  return calls;
}

const rowOf = async (name: string) => {
  const table = await screen.findByRole('table', { name: 'Absence notes' });
  return within(table)
    .getAllByRole('row')
    .find((row) => row.textContent?.includes(name))!;
};

const patches = (calls: Call[]) => calls.filter((call) => call.method === 'PATCH').map((call) => [call.url, call.body]);

afterEach(() => vi.unstubAllGlobals());

describe('the office’s Absence Notes screen', () => {
  it('lists the pending notes with the days, what attendance recorded then, the reason, the file and the sender', async () => {
    const calls = renderPage();
    const row = await rowOf('Kezia Charles');
    expect(row).toHaveTextContent('Mon 2026-11-30 to Tue 2026-12-01');
    expect(row).toHaveTextContent('Mon 2026-11-30: AM absent, PM absent');
    expect(row).toHaveTextContent('Tue 2026-12-01: AM present, PM not held yet (late)');
    expect(row).toHaveTextContent('IllnessA fever.');
    expect(within(row).getByRole('link', { name: 'Open the file: doctor.jpg' })).toHaveAttribute('href', '/api/absence-notes/n-1/file');
    expect(row).toHaveTextContent('Maria Charles, Mother');
    expect(screen.getByRole('button', { name: 'Pending (2)' })).toHaveAttribute('aria-pressed', 'true');
    expect(calls.some((call) => call.url === '/api/absence-notes?status=pending')).toBe(true);
  });

  it('accepts a note in two clicks: Accept, then its confirmation; the list shows it answered', async () => {
    const calls = renderPage();
    await userEvent.click(within(await rowOf('Kezia Charles')).getByRole('button', { name: 'Accept the note for Kezia Charles' }));
    const dialog = screen.getByRole('dialog', { name: 'Accept this absence note?' });
    expect(dialog).toHaveTextContent('will show as excused');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText(absenceNoteMessages.accepted('Kezia Charles'))).toBeInTheDocument();
    expect(patches(calls)).toEqual([['/api/absence-notes/n-1', { decision: 'accept' }]]);
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Pending (1)' })).toBeInTheDocument());
    expect(within(screen.getByRole('table', { name: 'Absence notes' })).queryByText('Kezia Charles')).not.toBeInTheDocument();
  });

  it('declines a note only with a reason, which is sent', async () => {
    const calls = renderPage();
    await userEvent.click(within(await rowOf('Kezia Charles')).getByRole('button', { name: 'Decline the note for Kezia Charles' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline this absence note?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(within(dialog).getByText(absenceNoteMessages.declineReasonNeeded)).toBeInTheDocument();
    expect(patches(calls)).toEqual([]);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'A certificate is needed.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText(absenceNoteMessages.declined('Kezia Charles'))).toBeInTheDocument();
    expect(patches(calls)).toEqual([['/api/absence-notes/n-1', { decision: 'decline', reason: 'A certificate is needed.' }]]);
  });

  it('says so when another member of staff answered first (409), and offers only Close', async () => {
    renderPage('office', (call) =>
      call.method === 'PATCH' ? json({ message: absenceNoteMessages.alreadyAnswered('declined'), note: note('n-1', { status: 'declined' }) }, 409) : undefined,
    );
    await userEvent.click(within(await rowOf('Kezia Charles')).getByRole('button', { name: 'Accept the note for Kezia Charles' }));
    const dialog = screen.getByRole('dialog', { name: 'Accept this absence note?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await within(dialog).findByText(absenceNoteMessages.alreadyAnswered('declined'))).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a teacher her classes’ notes read-only: no Accept or Decline', async () => {
    renderPage('teacher');
    const row = await rowOf('Kezia Charles');
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(row).toHaveTextContent('Pending');
    expect(screen.getByText(/the school office answers them/)).toBeInTheDocument();
  });
});
