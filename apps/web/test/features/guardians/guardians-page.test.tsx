import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@school/contract/messages';
import type { GuardianInvitation, GuardianLink } from '@school/contract/responses';
import { afterEach, describe, expect, it, vi } from 'vitest';
import GuardiansPage from '../../../src/features/guardians/guardians-page.tsx';
import { json, renderWithQueries, staffSession, stubFetch, type Call } from '../../http.tsx';

const link = (fields: Partial<GuardianLink> = {}): GuardianLink => ({
  link_id: 'lnk-father',
  guardian_id: 'g-father',
  guardian_name: 'Marcus Thomas',
  guardian_email: 'father.20260001@example.org',
  student_id: '20260001',
  student_name: 'Keisha Thomas',
  class_id: '1A',
  relationship: 'father',
  verified_by: 'letter',
  restricted: false,
  revoked: false,
  created_at: '2026-11-01T10:00:00.000Z',
  second_factor: false,
  ...fields,
});

const invitation = (fields: Partial<GuardianInvitation> = {}): GuardianInvitation => ({
  id: 'inv-1',
  student_id: '20260002',
  student_name: 'Amara Baptiste',
  email: 'mum@example.org',
  relationship: 'mother',
  sent_at: '2026-12-01T14:00:00.000Z',
  expires_at: '2026-12-04T14:00:00.000Z',
  state: 'open',
  ...fields,
});

/**
 * The screen over a portal whose links and invitations change as the calls say; `answer` may
 * answer a call first (a refusal, say).
 */
function renderPage(answer?: (call: Call) => Response | undefined) {
  const state = {
    links: [
      link(),
      link({
        link_id: 'lnk-mother',
        guardian_id: 'g-mother',
        guardian_name: 'Dana Thomas',
        guardian_email: 'dana@example.org',
        relationship: 'mother',
        verified_by: 'invitation',
        second_factor: true,
      }),
    ],
    invitations: [invitation(), invitation({ id: 'inv-2', email: 'old@example.org', state: 'expired' }), invitation({ id: 'inv-3', state: 'accepted' })],
  };
  const calls = stubFetch((call) => {
    const answered = answer?.(call);
    if (answered) return answered;
    const url = new URL(call.url, 'http://portal');
    if (call.url === '/api/config') return json({ school_name: 'St. Brigid', time_zone: 'America/Port_of_Spain' });
    if (call.url === '/api/registration-form-classes-list')
      return json([
        { id: '1A', form_level: 1 },
        { id: '2B', form_level: 2 },
      ]);
    if (url.pathname === '/api/guardians') {
      const q = url.searchParams.get('q')?.toLowerCase() ?? '';
      return json({ links: state.links.filter((found) => `${found.guardian_name} ${found.guardian_email} ${found.student_name}`.toLowerCase().includes(q)) });
    }
    if (url.pathname.startsWith('/api/guardian-links/') && call.method === 'PATCH') {
      const id = url.pathname.split('/').pop();
      const change = call.body as { restricted?: boolean; revoked?: boolean };
      state.links = state.links.map((found) => (found.link_id === id ? { ...found, ...change } : found));
      return json(state.links.find((found) => found.link_id === id));
    }
    if (url.pathname === '/api/guardian-invitations' && call.method === 'GET') return json({ invitations: state.invitations });
    if (url.pathname === '/api/guardian-invitations/class') return json({ sent: 3, skipped: 2 });
    if (url.pathname.endsWith('/resend')) {
      const id = url.pathname.split('/')[3];
      state.invitations = state.invitations.map((found) => (found.id === id ? { ...found, state: 'open' as const } : found));
      return json(state.invitations.find((found) => found.id === id));
    }
    if (call.method === 'DELETE') {
      const id = url.pathname.split('/').pop();
      state.invitations = state.invitations.filter((found) => found.id !== id);
      return new Response(null, { status: 204 });
    }
    if (url.pathname === '/api/guardian-invitations' && call.method === 'POST') {
      const sent = call.body as { student_id: string; email: string; relationship: GuardianInvitation['relationship'] };
      return json(
        invitation({ id: 'inv-new', student_id: sent.student_id, student_name: 'Keisha Thomas', email: sent.email, relationship: sent.relationship }),
      );
    }
    return json({ message: 'Not found.' }, 404);
  });
  renderWithQueries(<GuardiansPage />);
  return calls;
}

const linkCalls = (calls: Call[]) => calls.filter((call) => call.url.startsWith('/api/guardians')).map((call) => call.url);
const changes = (calls: Call[]) => calls.filter((call) => call.method === 'PATCH').map((call) => [call.url, call.body]);

async function search(words: string) {
  await userEvent.type(screen.getByRole('searchbox', { name: 'Guardian or student' }), words);
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
}

async function chooseClass(name: RegExp) {
  await userEvent.click(screen.getByRole('combobox', { name: 'Class' }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

afterEach(() => vi.unstubAllGlobals());

describe('the Guardians screen’s search', () => {
  it('asks nothing until a search or a class is given, then lists the links found with how each was verified and its state', async () => {
    const calls = renderPage();
    expect(await screen.findByText(/Search for a guardian or a student, or choose a class/)).toBeInTheDocument();
    expect(linkCalls(calls)).toEqual([]);

    await search('marcus');
    const table = await screen.findByRole('table', { name: "Guardians' links" });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Marcus Thomas');
    expect(rows[0]).toHaveTextContent('father.20260001@example.org');
    expect(rows[0]).toHaveTextContent('Keisha Thomas20260001 · 1A');
    expect(rows[0]).toHaveTextContent('Father');
    expect(rows[0]).toHaveTextContent('Letter code');
    expect(rows[0]).toHaveTextContent('Sees her');
    expect(screen.getByRole('status')).toHaveTextContent('1 link');
    expect(linkCalls(calls)).toEqual(['/api/guardians?q=marcus']);

    await chooseClass(/Form 1 – 1A/);
    await waitFor(() => expect(linkCalls(calls).at(-1)).toBe('/api/guardians?q=marcus&class_id=1A'));
  });

  it('says when nothing matches, and when the search could not be made, with the server’s words and a way to try again', async () => {
    let refuse = true;
    renderPage((call) => (call.url.startsWith('/api/guardians?q=nobody') && refuse ? json({ message: 'Too many searches. Wait a minute.' }, 429) : undefined));
    await search('nobody');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The links could not be loaded: Too many searches. Wait a minute.');
    refuse = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No link matches/)).toBeInTheDocument();
  });
});

describe('restricting and revoking a link', () => {
  it('says what a restriction does before it is made, makes nothing on Cancel, and restricts on Restrict', async () => {
    const calls = renderPage();
    await search('thomas');
    await userEvent.click(await screen.findByRole('button', { name: 'Restrict Marcus Thomas for Keisha Thomas' }));
    let dialog = screen.getByRole('dialog', { name: 'Restrict this link?' });
    expect(dialog).toHaveTextContent('Marcus Thomas will no longer see anything of Keisha Thomas, and no message about her will go to him.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(changes(calls)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Restrict Marcus Thomas for Keisha Thomas' }));
    dialog = screen.getByRole('dialog', { name: 'Restrict this link?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restrict' }));
    expect(await screen.findByText('Marcus Thomas no longer sees Keisha Thomas.')).toBeInTheDocument();
    expect(changes(calls)).toEqual([['/api/guardian-links/lnk-father', { restricted: true }]]);
    // The list is read again: the link is restricted now, and its restriction can be lifted.
    const lift = await screen.findByRole('button', { name: 'Lift the restriction of Marcus Thomas for Keisha Thomas' });
    expect(lift.closest('tr')).toHaveTextContent('Restricted');

    await userEvent.click(lift);
    dialog = screen.getByRole('dialog', { name: 'Lift the restriction?' });
    expect(dialog).toHaveTextContent("Marcus Thomas will see Keisha Thomas's reports and attendance again");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Lift the restriction' }));
    expect(await screen.findByText('Marcus Thomas sees Keisha Thomas again.')).toBeInTheDocument();
    expect(changes(calls).at(-1)).toEqual(['/api/guardian-links/lnk-father', { restricted: false }]);
  });

  it('revokes after its confirmation, names a mother as her, and keeps the dialog open with the server’s words when refused', async () => {
    let refuse = true;
    const calls = renderPage((call) => (call.method === 'PATCH' && refuse ? json({ message: 'No such link.' }, 404) : undefined));
    await search('dana');
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke Dana Thomas for Keisha Thomas' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke this link?' });
    expect(dialog).toHaveTextContent('Dana Thomas will no longer see anything of Keisha Thomas, and no message about her will go to her.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await within(dialog).findByText('No such link.')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();

    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText("Dana Thomas's link to Keisha Thomas is revoked.")).toBeInTheDocument();
    expect(changes(calls)).toEqual([
      ['/api/guardian-links/lnk-mother', { revoked: true }],
      ['/api/guardian-links/lnk-mother', { revoked: true }],
    ]);
    // A revoked link has no action left.
    const row = (await screen.findByText('dana@example.org')).closest('tr')!;
    await waitFor(() => expect(row).toHaveTextContent('Revoked'));
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('a class’s invitations', () => {
  it('lists those waiting for an answer, resends one and cancels another, each said in the snackbar', async () => {
    const calls = renderPage();
    await chooseClass(/Form 1 – 1A/);
    const table = await screen.findByRole('table', { name: 'Invitations of 1A' });
    const rows = within(table).getAllByRole('row').slice(1);
    // The accepted one is a link now, not an invitation waiting.
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Amara Baptiste');
    expect(rows[0]).toHaveTextContent('mum@example.org');
    expect(rows[0]).toHaveTextContent('2026-12-01 10:00:00');
    expect(rows[0]).toHaveTextContent('Openuntil 2026-12-04 10:00:00');
    expect(rows[1]).toHaveTextContent('Expired');
    expect(within(rows[1]).queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();

    await userEvent.click(within(rows[1]).getByRole('button', { name: 'Resend to old@example.org' }));
    expect(await screen.findByText('A new invitation was sent to old@example.org; the earlier link no longer works.')).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Cancel the invitation to mum@example.org' }));
    expect(await screen.findByText('The invitation to mum@example.org is cancelled; its link no longer works.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel the invitation to mum@example.org' })).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method !== 'GET').map((call) => [call.method, call.url])).toEqual([
      ['POST', '/api/guardian-invitations/inv-2/resend'],
      ['DELETE', '/api/guardian-invitations/inv-1'],
    ]);
  });

  it('invites the class’s parents from the records and says how many went and how many were skipped', async () => {
    const calls = renderPage();
    await chooseClass(/Form 2 – 2B/);
    await userEvent.click(await screen.findByRole('button', { name: "Invite the class's parents" }));
    expect(await screen.findByText('3 invitations sent; 2 addresses skipped, already linked or invited.')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/guardian-invitations/class').map((call) => call.body)).toEqual([{ class_id: '2B' }]);
  });

  it('shows a refusal of the class’s invitations in the server’s words', async () => {
    renderPage((call) => (call.url === '/api/guardian-invitations/class' ? json({ message: 'No such class.' }, 404) : undefined));
    await chooseClass(/Form 2 – 2B/);
    await userEvent.click(await screen.findByRole('button', { name: "Invite the class's parents" }));
    expect(await screen.findByText('The invitations could not be sent: No such class.')).toBeInTheDocument();
  });

  it('prints the class’s code letters after a second factor, as the whole-class exports do', async () => {
    let stepped = false;
    const calls = renderPage((call) => {
      if (call.url === '/api/account/step-up') {
        stepped = true;
        return json({ message: 'Confirmed.' });
      }
      if (call.url === '/api/account/passkeys') return json({ passkeys: [] });
      if (call.url === '/api/account') return json({ totp: true, recovery_codes_left: 10, sessions: [] });
      if (call.url === '/api/guardian-letters/1A')
        return stepped
          ? new Response(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), { status: 200, headers: { 'content-type': 'application/pdf' } })
          : json({ code: 'step_up_required', enrolled: true, message: messages.stepUpForRecords }, 403);
      return undefined;
    });
    await chooseClass(/Form 1 – 1A/);
    await userEvent.click(await screen.findByRole('button', { name: 'Print code letters' }));
    const stepUp = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await userEvent.type(within(stepUp).getByLabelText('Code'), '123456');
    await userEvent.click(within(stepUp).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('dialog', { name: 'Code letters – 1A' })).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/guardian-letters/1A')).toHaveLength(2));
  });
});

describe('Invite a parent', () => {
  async function openInvite() {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Invite a parent' }));
    return screen.getByRole('dialog', { name: 'Invite a parent' });
  }

  it('shows each problem of the form under its field and sends nothing', async () => {
    const dialog = await openInvite();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(within(dialog).getByLabelText(/Student ID/)).toHaveAccessibleDescription(messages.required);
    expect(within(dialog).getByRole('combobox', { name: /Relationship/ })).toHaveAccessibleDescription(messages.required);
    await userEvent.type(within(dialog).getByLabelText(/E-mail address/), 'not-an-address');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(within(dialog).getByLabelText(/E-mail address/)).toHaveAccessibleDescription(messages.invalidEmail);
    expect(vi.mocked(fetch).mock.calls.filter(([url]) => String(url) === '/api/guardian-invitations')).toEqual([]);
  });

  it('sends the invitation and says where it went', async () => {
    const dialog = await openInvite();
    await userEvent.type(within(dialog).getByLabelText(/Student ID/), '20260001');
    await userEvent.type(within(dialog).getByLabelText(/E-mail address/), 'Father@Example.org');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Relationship/ }));
    await userEvent.click(screen.getByRole('option', { name: 'Father' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(/An invitation to link Keisha Thomas was sent to father@example.org/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server’s refusal: under its field when it names one, else above the form', async () => {
    let answer = json({ message: 'The given data was invalid.', errors: { email: ['An invitation to this address is already open.'] } }, 422);
    renderPage((call) => (call.url === '/api/guardian-invitations' && call.method === 'POST' ? answer : undefined));
    await userEvent.click(await screen.findByRole('button', { name: 'Invite a parent' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite a parent' });
    await userEvent.type(within(dialog).getByLabelText(/Student ID/), '20269999');
    await userEvent.type(within(dialog).getByLabelText(/E-mail address/), 'mum@example.org');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Relationship/ }));
    await userEvent.click(screen.getByRole('option', { name: 'Mother' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(within(dialog).getByLabelText(/E-mail address/)).toHaveAccessibleDescription('An invitation to this address is already open.'));

    answer = json({ message: 'There is no student with that ID.' }, 404);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('There is no student with that ID.')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
  });
});

describe('a guardian’s lost second factor', () => {
  const asStaff = (role: 'admin' | 'office') => (call: Call) => {
    if (call.url === '/api/session') return json(staffSession(role));
    if (call.method === 'DELETE' && call.url === '/api/guardians/g-mother/second-factor')
      return json({ message: 'Two-step sign-in was removed from Dana Thomas’s account.' });
    return undefined;
  };

  it('is removed by an admin, after a confirmation that says what it does, from the row of a guardian who has one', async () => {
    const calls = renderPage(asStaff('admin'));
    await search('thomas');
    await screen.findByRole('table', { name: "Guardians' links" });
    // Marcus signs in with his password alone: nothing to remove.
    expect(await screen.findByRole('button', { name: 'Remove the two-step sign-in of Dana Thomas' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove the two-step sign-in of Marcus Thomas' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove the two-step sign-in of Dana Thomas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove her two-step sign-in?' });
    expect(dialog).toHaveTextContent('Dana Thomas will sign in with her password alone');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove two-step sign-in' }));
    expect(await screen.findByText('Two-step sign-in was removed from Dana Thomas’s account.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/guardians/g-mother/second-factor']);
  });

  it('is not offered to the office', async () => {
    renderPage(asStaff('office'));
    await search('thomas');
    await screen.findByRole('table', { name: "Guardians' links" });
    expect(await screen.findAllByRole('button', { name: /^Revoke/ })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Remove the two-step sign-in/ })).not.toBeInTheDocument();
  });
});
