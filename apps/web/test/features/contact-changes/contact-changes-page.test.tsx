import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contactChangeMessages } from '@school/contract/contact-changes';
import type { ContactChange } from '@school/contract/responses';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ContactChangesPage from '../../../src/features/contact-changes/contact-changes-page.tsx';
import { json, renderWithQueries, stubFetch, type Call } from '../../http.tsx';

const change = (fields: Partial<ContactChange> = {}): ContactChange => ({
  id: 'cc-1',
  student_id: '20260001',
  student_name: 'Keisha Thomas',
  class_id: '1A',
  guardian_name: 'Marcus Thomas',
  guardian_email: 'marcus@example.org',
  relationship: 'father',
  status: 'pending',
  created_at: '2026-11-02T14:00:00.000Z',
  answered_at: null,
  answered_by: null,
  note: null,
  fields: [
    { field: 'father_occupation', label: 'Occupation (Father)', was: null, now: null, proposed: 'Pilot', decision: null },
    { field: 'mobile_phone_father', label: 'Mobile Phone (Father)', was: '6201111', now: '6201111', proposed: '6209999', decision: null },
  ],
  ...fields,
});

/** The screen over a portal whose changes are answered as the calls say; `answer` may answer a call first (a refusal, say). */
function renderPage(pending: ContactChange[], answer?: (call: Call) => Response | undefined) {
  const state = { pending, answered: [] as ContactChange[] };
  const calls = stubFetch((call) => {
    const given = answer?.(call);
    if (given) return given;
    const url = new URL(call.url, 'http://portal');
    if (call.url === '/api/config') return json({ school_name: 'St. Brigid', time_zone: 'America/Port_of_Spain' });
    if (call.url === '/api/registration-form-classes-list')
      return json([
        { id: '1A', form_level: 1 },
        { id: '2B', form_level: 2 },
      ]);
    if (url.pathname === '/api/contact-changes') {
      const list = url.searchParams.get('status') === 'answered' ? state.answered : state.pending;
      const classId = url.searchParams.get('class_id');
      const changes = list.filter((found) => !classId || found.class_id === classId);
      return json({ changes, total: changes.length });
    }
    if (call.method === 'PATCH') {
      const id = url.pathname.split('/').pop();
      const { decisions } = call.body as { decisions: Record<string, 'approved' | 'declined'> };
      const found = state.pending.find((each) => each.id === id)!;
      const done = { ...found, status: 'approved' as const, fields: found.fields.map((field) => ({ ...field, decision: decisions[field.field]! })) };
      state.pending = state.pending.filter((each) => each.id !== id);
      state.answered.push(done);
      return json(done);
    }
    return json({ message: 'Not found.' }, 404);
  });
  renderWithQueries(<ContactChangesPage />);
  return calls;
}

const answers = (calls: Call[]) => calls.filter((call) => call.method === 'PATCH').map((call) => [call.url, call.body]);

afterEach(() => vi.unstubAllGlobals());

describe('the Contact Changes screen (decision 066)', () => {
  it('shows each field with the record’s value and the proposed one side by side, and answers all in two clicks', async () => {
    const calls = renderPage([change()]);
    const card = await screen.findByRole('article', { name: 'Keisha Thomas' });
    expect(card).toHaveTextContent('20260001 · 1A · from Marcus Thomas (Father), marcus@example.org');
    const table = within(card).getByRole('table', { name: 'Changes for Keisha Thomas' });
    const phone = within(table).getByRole('row', { name: /Mobile Phone \(Father\)/ });
    expect(
      within(phone)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1868-620-1111', '1868-620-9999', 'ApproveDecline']);
    expect(within(table).getByRole('row', { name: /Occupation/ })).toHaveTextContent('Empty');
    expect(screen.getByRole('status')).toHaveTextContent('1 change waiting for an answer');
    const save = within(card).getByRole('button', { name: 'Save answer' });
    expect(save).toBeDisabled();

    await userEvent.click(within(card).getByRole('button', { name: 'Approve all' }));
    await userEvent.click(save);
    expect(await screen.findByText(contactChangeMessages.answered(2, 0))).toBeInTheDocument();
    expect(answers(calls)).toEqual([['/api/contact-changes/cc-1', { decisions: { father_occupation: 'approved', mobile_phone_father: 'approved' } }]]);
    // Read again, the list of changes waiting is empty.
    await waitFor(() => expect(screen.queryByRole('article')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('0 changes waiting for an answer');
  });

  it('decides field by field with a note, and shows the answered ones apart with each decision', async () => {
    const calls = renderPage([change()]);
    const card = await screen.findByRole('article', { name: 'Keisha Thomas' });
    await userEvent.click(within(within(card).getByRole('radiogroup', { name: 'Answer for Occupation (Father)' })).getByLabelText('Decline'));
    expect(within(card).getByRole('button', { name: 'Save answer' })).toBeDisabled();
    await userEvent.click(within(within(card).getByRole('radiogroup', { name: 'Answer for Mobile Phone (Father)' })).getByLabelText('Approve'));
    await userEvent.type(within(card).getByLabelText('Note to the parent (optional)'), 'Occupation needs a letter.');
    await userEvent.click(within(card).getByRole('button', { name: 'Save answer' }));
    await waitFor(() =>
      expect(answers(calls)).toEqual([
        ['/api/contact-changes/cc-1', { decisions: { father_occupation: 'declined', mobile_phone_father: 'approved' }, note: 'Occupation needs a letter.' }],
      ]),
    );

    await userEvent.click(screen.getByRole('combobox', { name: 'Show' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Answered' }));
    const answered = await screen.findByRole('article', { name: 'Keisha Thomas' });
    expect(within(answered).getByRole('row', { name: /Occupation/ })).toHaveTextContent('Declined');
    expect(within(answered).getByRole('row', { name: /Mobile Phone/ })).toHaveTextContent('Approved');
    expect(within(answered).queryByRole('button', { name: 'Save answer' })).not.toBeInTheDocument();
  });

  it('will not approve a field the record moved under since it was proposed, and says why', async () => {
    renderPage([
      change({
        fields: [{ field: 'mobile_phone_father', label: 'Mobile Phone (Father)', was: '6201111', now: '6203030', proposed: '6209999', decision: null }],
      }),
    ]);
    const card = await screen.findByRole('article', { name: 'Keisha Thomas' });
    expect(card).toHaveTextContent('Changed since it was proposed (then 1868-620-1111)');
    const choice = within(card).getByRole('radiogroup', { name: 'Answer for Mobile Phone (Father)' });
    expect(within(choice).getByLabelText('Approve')).toBeDisabled();
    expect(within(card).getByRole('button', { name: 'Approve all' })).toBeDisabled();
    expect(within(choice).getByLabelText('Decline')).toBeEnabled();
  });

  it('says so when someone else answered first, and shows the list as it now stands', async () => {
    let refuse = true;
    renderPage([change()], (call) => {
      if (call.method !== 'PATCH' || !refuse) return undefined;
      refuse = false;
      return json({ message: contactChangeMessages.alreadyAnswered('Approved'), change: change({ status: 'approved' }) }, 409);
    });
    const card = await screen.findByRole('article', { name: 'Keisha Thomas' });
    await userEvent.click(within(card).getByRole('button', { name: 'Decline all' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Save answer' }));
    expect(await screen.findByText(contactChangeMessages.alreadyAnswered('Approved'))).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Save answer' })).toBeDisabled();
  });
});
