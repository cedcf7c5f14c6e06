import { birthDateRange, type StudentRecord } from '@school/contract';
import { messages } from '@school/contract/messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EditStudentDialog } from '../../../../src/features/students/components/edit-student-dialog.tsx';
import { held, json, renderWithQueries, stubFetch, type Call } from '../../../http.tsx';
import { progress } from '../../registration/fixtures.tsx';
import { row, stored } from '../fixtures.ts';

const saved = (record: StudentRecord, updatedAt = '2026-09-02T00:00:00.000Z') => json({ message: 'Saved', record: { ...record, updatedAt }, progress });

/** The portal's answers: the stored record, and each save answered by `onSave`. */
function serve(onSave: (record: StudentRecord, call: Call) => Response | Promise<Response>) {
  return stubFetch((call) => {
    if (call.url === `/api/student/${row.id}`) return json(stored());
    if (call.url === '/api/student' && call.method === 'POST') return onSave(call.body as StudentRecord, call);
    return json([]);
  });
}

const saves = (calls: Call[]) => calls.filter((call) => call.url === '/api/student' && call.method === 'POST');

async function openDialog() {
  const onClose = vi.fn();
  renderWithQueries(<EditStudentDialog student={row} onClose={onClose} />);
  const dialog = await screen.findByRole('dialog', { name: 'Edit Student' });
  await within(dialog).findByDisplayValue('Kezia');
  return { dialog, onClose };
}

const field = (dialog: HTMLElement, name: string) => within(dialog).getByRole('textbox', { name: new RegExp(`^${name}`) });

afterEach(() => vi.unstubAllGlobals());

describe('the admin’s Edit Student dialog', () => {
  it('loads the student’s record into its fields', async () => {
    const calls = serve((record) => saved(record));
    const { dialog } = await openDialog();
    expect(field(dialog, 'First Name')).toHaveValue('Kezia');
    expect(field(dialog, 'Last Name')).toHaveValue('Charles');
    expect(field(dialog, 'Birth Certificate Pin')).toHaveValue('B1234567');
    expect(field(dialog, 'First Name')).toHaveAttribute('maxlength', '20');
    expect(field(dialog, 'Birth Certificate Pin')).toHaveAttribute('maxlength', '15');
    // Without the school's own sign-in open to students, there is no school account to set.
    expect(within(dialog).queryByRole('textbox', { name: /^School Account/ })).toBeNull();
    expect(calls.map((call) => call.url).filter((url) => url !== '/api/config')).toEqual([`/api/student/${row.id}`]);
  });

  it('asks for a second factor past the hour’s allowance of records read, then loads the record', async () => {
    let stepped = false;
    const calls = stubFetch((call) => {
      if (call.url === '/api/account/step-up') {
        stepped = true;
        return json({ message: 'Confirmed.' });
      }
      if (call.url === '/api/account/passkeys') return json({ passkeys: [] });
      if (call.url === '/api/account') return json({ totp: true, recovery_codes_left: 10, sessions: [] });
      if (call.url === `/api/student/${row.id}`)
        return stepped ? json(stored()) : json({ code: 'step_up_required', enrolled: true, message: messages.stepUpForRecords }, 403);
      return json([]);
    });
    renderWithQueries(<EditStudentDialog student={row} onClose={vi.fn()} />);
    const stepUp = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await userEvent.type(within(stepUp).getByLabelText('Code'), '123456');
    await userEvent.click(within(stepUp).getByRole('button', { name: 'Confirm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Student' });
    expect(await within(dialog).findByDisplayValue('Kezia')).toBeInTheDocument();
    expect(calls.map((call) => call.url).filter((url) => !url.startsWith('/api/account/passkeys') && url !== '/api/account' && url !== '/api/config')).toEqual([
      `/api/student/${row.id}`,
      '/api/account/step-up',
      `/api/student/${row.id}`,
    ]);
  });

  it('sets her school account when students sign in with the school’s provider, and shows a refusal under the field', async () => {
    const address = `/api/students/${row.id}/school-account`;
    const calls = stubFetch((call) => {
      if (call.url === `/api/student/${row.id}`) return json(stored());
      if (call.url === '/api/config')
        return json({ school_name: 'School', time_zone: 'America/Port_of_Spain', sign_in_provider: { name: 'Microsoft 365', roles: ['staff', 'students'] } });
      if (call.url === address && call.method === 'GET') return json({ student_id: row.id, school_account: null, provider_seen_at: null });
      const wanted = (call.body as { school_account: string }).school_account;
      if (wanted === 'taken@school.org') return json({ message: 'taken@school.org is already the school account of student 20240002.' }, 409);
      return json({ student_id: row.id, school_account: wanted.trim().toLowerCase(), provider_seen_at: null });
    });
    const { dialog } = await openDialog();
    const account = await within(dialog).findByRole('textbox', { name: /^School Account/ });
    expect(account).toHaveAccessibleDescription('Her Microsoft 365 address, with which she may sign in. Never one she typed herself.');
    await userEvent.type(account, 'taken@school.org');
    await userEvent.tab();
    expect(await within(dialog).findByText('taken@school.org is already the school account of student 20240002.')).toBeInTheDocument();
    expect(within(dialog).getByText(messages.updateFailed)).toBeInTheDocument();
    await userEvent.clear(account);
    await userEvent.type(account, 'Kezia@School.org');
    await userEvent.tab();
    expect(await within(dialog).findByText(messages.updated)).toBeInTheDocument();
    expect(account).toHaveValue('kezia@school.org');
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { school_account: 'taken@school.org' },
      { school_account: 'Kezia@School.org' },
    ]);
    // Leaving the field unchanged sends nothing more.
    await userEvent.click(account);
    await userEvent.tab();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2);
  });

  it("says 'Required' when a name is emptied, and saves nothing", async () => {
    const calls = serve((record) => saved(record));
    const { dialog } = await openDialog();
    await userEvent.clear(field(dialog, 'First Name'));
    await userEvent.tab();
    expect(within(dialog).getByText(messages.adminRequired)).toBeInTheDocument();
    expect(field(dialog, 'First Name')).toHaveAccessibleDescription(messages.adminRequired);
    expect(saves(calls)).toHaveLength(0);
  });

  it("shows 'Updating' while a change saves on blur, then 'Updated Successfully.', sending the whole record", async () => {
    const answer = held();
    const calls = serve(() => answer.response);
    const { dialog } = await openDialog();
    await userEvent.clear(field(dialog, 'Last Name'));
    await userEvent.type(field(dialog, 'Last Name'), 'Baptiste');
    await userEvent.tab();
    const status = within(dialog).getByRole('status');
    expect(await within(status).findByText('Updating')).toBeInTheDocument();
    expect(status).not.toHaveTextContent(messages.updated);
    answer.release(saved({ ...stored().record, last_name: 'Baptiste' }));
    expect(await within(status).findByText(messages.updated)).toBeInTheDocument();
    expect(status).not.toHaveTextContent('Updating');
    expect(saves(calls)).toHaveLength(1);
    expect(saves(calls)[0].body).toEqual({ ...stored().record, last_name: 'Baptiste' });
  });

  it("says 'Error Occured.' when the save fails", async () => {
    serve(() => json({ message: 'Server Error' }, 500));
    const { dialog } = await openDialog();
    await userEvent.type(field(dialog, 'First Name'), 'a');
    await userEvent.tab();
    const status = within(dialog).getByRole('status');
    expect(await within(status).findByText(messages.updateFailed)).toBeInTheDocument();
    expect(status).not.toHaveTextContent(messages.updated);
  });

  it("never shows 'Updated Successfully.' beside a field error", async () => {
    const calls = serve((record) =>
      record.first_name === 'Kezia' ? saved(record) : json({ message: 'Invalid', errors: { first_name: ['The first name may only hold letters.'] } }, 422),
    );
    const { dialog } = await openDialog();
    const status = within(dialog).getByRole('status');

    // A good save, then a name emptied: the field's message replaces the success.
    await userEvent.type(field(dialog, 'Last Name'), '-Baptiste');
    await userEvent.tab();
    expect(await within(status).findByText(messages.updated)).toBeInTheDocument();
    await userEvent.clear(field(dialog, 'Birth Certificate Pin'));
    await userEvent.tab();
    expect(within(dialog).getByText(messages.adminRequired)).toBeInTheDocument();
    expect(status).not.toHaveTextContent(messages.updated);

    // A value the server refuses: its message on the field, and the failure in the status.
    await userEvent.type(field(dialog, 'First Name'), '9');
    await userEvent.tab();
    expect(await within(dialog).findByText('The first name may only hold letters.')).toBeInTheDocument();
    expect(status).toHaveTextContent(messages.updateFailed);

    // Another field saves well while the refused one is still wrong: still no success beside it.
    await userEvent.type(field(dialog, 'Birth Certificate Pin'), 'B7654321');
    await userEvent.tab();
    await waitFor(() => expect(status).not.toHaveTextContent(/Updating|Error Occured/));
    expect(saves(calls)).toHaveLength(3);
    expect(status).not.toHaveTextContent(messages.updated);
  });

  it('offers only plausible dates of birth: a typed 1800 gets the range and no success beside it, and is not saved', async () => {
    const calls = serve((record) => saved(record));
    const { dialog } = await openDialog();
    await userEvent.type(field(dialog, 'Last Name'), '-Baptiste');
    await userEvent.tab();
    const status = within(dialog).getByRole('status');
    expect(await within(status).findByText(messages.updated)).toBeInTheDocument();

    const birth = within(dialog).getByRole('textbox', { name: /Date of Birth/ });
    await userEvent.clear(birth);
    await userEvent.type(birth, '18000101');
    await userEvent.tab();
    const { earliest, latest } = birthDateRange();
    expect(await within(dialog).findByText(messages.birthDateRange(earliest, latest))).toBeInTheDocument();
    expect(status).not.toHaveTextContent(messages.updated);
    expect(saves(calls)).toHaveLength(1);
  });

  it('lays the change on the newest record when someone saved first, and saves again', async () => {
    const theirs = { ...stored().record, allergy: 'Dust', updatedAt: '2026-09-01T12:00:00.000Z' };
    const calls = serve((record) =>
      record.updatedAt === theirs.updatedAt ? saved(record) : json({ message: 'The record was changed by someone else.', record: theirs }, 409),
    );
    const { dialog } = await openDialog();
    await userEvent.clear(field(dialog, 'First Name'));
    await userEvent.type(field(dialog, 'First Name'), 'Anya');
    await userEvent.tab();
    expect(await within(dialog).findByText(messages.updated)).toBeInTheDocument();
    expect(saves(calls)).toHaveLength(2);
    expect(saves(calls)[0].body).toMatchObject({ first_name: 'Anya', updatedAt: stored().record.updatedAt });
    expect(saves(calls)[1].body).toEqual({ ...theirs, first_name: 'Anya' });
  });
});
