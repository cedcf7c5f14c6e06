import { absenceNoteMessages } from '@school/contract/absence-notes';
import type { AbsenceNote } from '@school/contract/responses';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AbsenceNotes } from '../../../src/components/light/absence-notes.tsx';
import { shiftDay, today } from '../../../src/lib/format-day.ts';
import { json, renderWithQueries, stubFetch, stubFormPosts } from '../../http.tsx';

const note = (id: string, fields: Partial<AbsenceNote> = {}): AbsenceNote => ({
  id,
  student_id: '20260001',
  first_name: 'Kezia',
  last_name: 'Charles',
  class_id: '1A',
  from: '2026-11-30',
  to: '2026-11-30',
  sessions: 'both',
  reason: 'illness',
  text: 'A fever.',
  file: null,
  sent_by: { kind: 'guardian', name: 'Maria Charles', relationship: 'mother' },
  sent_at: '2026-12-01T12:05:00.000Z',
  status: 'pending',
  answered_at: null,
  answered_by: null,
  decline_reason: null,
  days: [],
  ...fields,
});

const page = (items: AbsenceNote[], maySend = true) => ({
  items,
  total: items.length,
  pending: items.filter((item) => item.status === 'pending').length,
  may_send: maySend,
});

afterEach(() => vi.unstubAllGlobals());

describe('a daughter’s absence notes, on her attendance screen', () => {
  it('lists each note with its days, sessions and state in words, and a declined one with the school’s reason', async () => {
    const calls = stubFetch(() =>
      json(
        page([
          note('n-3', { status: 'declined', decline_reason: 'A doctor’s certificate is needed.', answered_at: '2026-12-02T13:00:00.000Z' }),
          note('n-2', {
            status: 'accepted',
            from: '2026-11-23',
            to: '2026-11-25',
            sessions: 'am',
            file: { name: 'note.jpg', type: 'image/jpeg', size: 1, url: null },
          }),
          note('n-1'),
        ]),
      ),
    );
    renderWithQueries(<AbsenceNotes studentId="20260001" firstName="Kezia" />);
    const list = await screen.findByRole('list', { name: 'Absence notes sent' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.absence-note-state')!.textContent)).toEqual(['Declined', 'Accepted', 'Waiting for the school']);
    expect(items[0]).toHaveTextContent('The school’s reason: A doctor’s certificate is needed.');
    expect(items[1]).toHaveTextContent('Mon 2026-11-23 to Wed 2026-11-25 · Morning (AM)');
    expect(items[1]).toHaveTextContent('With note.jpg');
    expect(items[2]).toHaveTextContent('Illness: A fever.');
    expect(items[2]).toHaveTextContent('Sent by Maria Charles on 2026-12-01 08:05:00');
    expect(calls[0].url).toBe('/api/absence-notes?student_id=20260001');
  });

  it('checks the form before sending, then sends it with the photo and shows the school’s words', async () => {
    const notes = [note('n-1')];
    stubFetch(() => json(page(notes)));
    const yesterday = shiftDay(today(), -1);
    const posts = stubFormPosts(() => {
      notes.unshift(note('n-2', { from: yesterday, to: yesterday, reason: 'medical' }));
      return { status: 200, body: { message: absenceNoteMessages.sent('Kezia'), note: notes[0] } };
    });
    renderWithQueries(<AbsenceNotes studentId="20260001" firstName="Kezia" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Send an absence note' }));
    const form = await screen.findByRole('form', { name: 'Send an absence note' });
    await userEvent.click(within(form).getByRole('button', { name: 'Send Note' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(absenceNoteMessages.firstDayNeeded);
    expect(posts).toEqual([]);

    fireEvent.input(within(form).getByRole('textbox', { name: /First day/ }), { target: { value: yesterday } });
    expect(within(form).getByRole('textbox', { name: /Last day/ })).toHaveValue(yesterday);
    await userEvent.click(within(form).getByRole('radio', { name: 'Medical appointment' }));
    await userEvent.type(within(form).getByLabelText(/A few words/), 'Seen by Dr Ali.');
    const photo = new File(['jpeg bytes'], 'doctor.jpg', { type: 'image/jpeg' });
    await userEvent.upload(within(form).getByLabelText('A photo or PDF of the doctor’s note (optional)'), photo);
    expect(within(form).getByText('doctor.jpg')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Send Note' }));

    expect(await screen.findByRole('status')).toHaveTextContent(absenceNoteMessages.sent('Kezia'));
    expect(posts).toEqual([
      {
        url: '/api/absence-notes',
        fields: { student_id: '20260001', from: yesterday, to: yesterday, sessions: 'both', reason: 'medical', text: 'Seen by Dr Ali.' },
        file: photo,
      },
    ]);
    expect(screen.queryByRole('form', { name: 'Send an absence note' })).not.toBeInTheDocument();
    expect(await within(screen.getByRole('list', { name: 'Absence notes sent' })).findAllByRole('listitem')).toHaveLength(2);
  });

  it('shows the server’s refusal on its field', async () => {
    stubFetch(() => json(page([])));
    const refusal = absenceNoteMessages.noSchoolDay;
    stubFormPosts(() => ({ status: 422, body: { message: refusal, errors: { from: [refusal] } } }));
    renderWithQueries(<AbsenceNotes studentId="20260001" firstName="Kezia" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Send an absence note' }));
    const form = await screen.findByRole('form', { name: 'Send an absence note' });
    fireEvent.input(within(form).getByRole('textbox', { name: /First day/ }), { target: { value: shiftDay(today(), -2) } });
    await userEvent.click(within(form).getByRole('radio', { name: 'Illness' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Send Note' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(refusal);
    expect(within(form).getByRole('textbox', { name: /First day/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses days further back than 30 or ahead than 14 before sending, in the contract’s words', async () => {
    stubFetch(() => json(page([])));
    const posts = stubFormPosts(() => ({ status: 200, body: {} }));
    renderWithQueries(<AbsenceNotes studentId="20260001" firstName="Kezia" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Send an absence note' }));
    const form = await screen.findByRole('form', { name: 'Send an absence note' });
    fireEvent.input(within(form).getByRole('textbox', { name: /First day/ }), { target: { value: shiftDay(today(), -31) } });
    await userEvent.click(within(form).getByRole('radio', { name: 'Illness' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Send Note' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(absenceNoteMessages.tooFarBack(shiftDay(today(), -30)));
    fireEvent.input(within(form).getByRole('textbox', { name: /First day/ }), { target: { value: today() } });
    fireEvent.input(within(form).getByRole('textbox', { name: /Last day/ }), { target: { value: shiftDay(today(), 15) } });
    await userEvent.click(within(form).getByRole('button', { name: 'Send Note' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(absenceNoteMessages.tooFarAhead(shiftDay(today(), 14)));
    expect(posts).toEqual([]);
  });

  it('shows a student nothing when her school takes no notes from her and none was sent about her', async () => {
    stubFetch(() => json(page([], false)));
    const { container } = renderWithQueries(<AbsenceNotes studentId="20260001" ownNotes />);
    await vi.waitFor(() => expect(container.querySelector('[role="progressbar"]')).toBeNull());
    expect(container).toBeEmptyDOMElement();
  });
});
