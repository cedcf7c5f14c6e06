import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contactChangeMessages } from '@school/contract/contact-changes';
import type { FamilyContactChange } from '@school/contract/responses';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, type Call } from '../../http.tsx';
import { daughters, openApp } from './fixtures.tsx';

afterEach(() => vi.unstubAllGlobals());

const sentChange = (fields: Partial<FamilyContactChange> = {}): FamilyContactChange => ({
  id: 'cc-1',
  student_id: '20260001',
  status: 'pending',
  created_at: '2026-11-02T14:00:00.000Z',
  answered_at: null,
  note: null,
  fields: [{ field: 'mobile_phone_mother', label: 'Mobile Phone (Mother)', proposed: '6209999', decision: null }],
  ...fields,
});

/** The page of her details for Kezia over a portal that keeps what she sends; `refuse` may answer a send first. */
function openDetails(refuse?: (call: Call) => Response | undefined, path = '/family/20260001/details') {
  const sent: FamilyContactChange[] = [
    sentChange({
      id: 'cc-0',
      status: 'partly_approved',
      answered_at: '2026-10-01T12:00:00.000Z',
      note: 'Please bring a letter from your employer.',
      fields: [
        { field: 'mother_occupation', label: 'Occupation (Mother)', proposed: 'Nurse', decision: 'approved' },
        { field: 'mother_business_place', label: 'Place of Employment (Mother)', proposed: 'General Hospital', decision: 'declined' },
      ],
    }),
    sentChange({
      id: 'cc-other',
      student_id: '20240017',
      fields: [{ field: 'emergency_contact', label: 'Emergency Contact Name', proposed: 'Rose', decision: null }],
    }),
  ];
  return openApp(path, {
    answer: (call) => {
      if (call.url === '/api/guardian/contact-changes') return json({ changes: sent });
      if (call.url === '/api/contact-changes' && call.method === 'POST') {
        const refused = refuse?.(call);
        if (refused) return refused;
        const change = sentChange({ id: `cc-${sent.length + 1}` });
        sent.unshift(change);
        return json({ message: contactChangeMessages.sent('Kezia'), change, unchanged: [] });
      }
      return undefined;
    },
  });
}

const sends = (calls: Call[]) => calls.filter((call) => call.url === '/api/contact-changes').map((call) => call.body);

describe('her contact details in a daughter’s record (decision 066)', () => {
  it('offers her own section by her link and the emergency contact, every field empty, and lists what she sent for this daughter', async () => {
    openDetails();
    expect(await screen.findByRole('heading', { level: 1, name: 'My Contact Details' })).toBeInTheDocument();
    const own = screen.getByRole('region', { name: 'Your details as her mother' });
    expect(within(own).getByLabelText('Mobile Phone')).toHaveValue('');
    expect(within(own).getByLabelText('E-mail')).toHaveValue('');
    expect(within(own).queryByLabelText('Marital Status')).not.toBeInTheDocument();
    expect(within(own).queryByLabelText('ID Card Number')).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Emergency contact' })).getByLabelText('Emergency Contact Phone')).toBeInTheDocument();

    const list = await screen.findByRole('list', { name: 'Changes you sent' });
    const items = within(list).getAllByRole('listitem');
    // Only Kezia's: Amara's change is on her own page.
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('Partly approved');
    expect(items[0]).toHaveTextContent('Occupation (Mother)Nurse · Approved');
    expect(items[0]).toHaveTextContent('General Hospital · Declined');
    expect(items[0]).toHaveTextContent('Note from the school office: Please bring a letter from your employer.');
  });

  it('sends only what she typed, says it is with the office, and lists it waiting', async () => {
    const { calls } = openDetails();
    await userEvent.click(await screen.findByRole('button', { name: 'Send to the School Office' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(contactChangeMessages.nothingGiven);
    expect(sends(calls)).toEqual([]);

    const mobile = within(screen.getByRole('region', { name: 'Your details as her mother' })).getByLabelText('Mobile Phone');
    // Only digits reach a phone number.
    await userEvent.type(mobile, '620-9999x');
    expect(mobile).toHaveValue('6209999');
    await userEvent.click(screen.getByRole('button', { name: 'Send to the School Office' }));
    expect(await screen.findByText(contactChangeMessages.sent('Kezia'))).toBeInTheDocument();
    expect(sends(calls)).toEqual([{ student_id: '20260001', changes: { mobile_phone_mother: '6209999' } }]);
    expect(mobile).toHaveValue('');
    const list = screen.getByRole('list', { name: 'Changes you sent' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Waiting for the school office');
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('1868-620-9999 · Waiting');
  });

  it('shows each refusal of the server under its field', async () => {
    openDetails(() => json({ message: 'Invalid e-mail', errors: { email_mother: ['Invalid e-mail'], mobile_phone_mother: ['7 Digits Needed'] } }, 422));
    const own = within(await screen.findByRole('region', { name: 'Your details as her mother' }));
    await userEvent.type(own.getByLabelText('E-mail'), 'joy-at-home');
    await userEvent.type(own.getByLabelText('Mobile Phone'), '620');
    await userEvent.click(screen.getByRole('button', { name: 'Send to the School Office' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid e-mail');
    expect(own.getByLabelText('Mobile Phone')).toHaveAccessibleDescription('7 Digits Needed');
    expect(own.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    // What she typed stays for her to correct.
    expect(own.getByLabelText('E-mail')).toHaveValue('joy-at-home');
  });

  it('is reached from her daughter’s page, and an address naming a girl not hers goes back to her daughters', async () => {
    const { router } = openApp('/family/20260001');
    await userEvent.click(await screen.findByRole('link', { name: 'Update my contact details' }));
    expect(router.state.location.pathname).toBe('/family/20260001/details');
    expect(daughters[0]!.relationship).toBe('mother');
    vi.unstubAllGlobals();

    const other = openDetails(undefined, '/family/20269999/details');
    await waitFor(() => expect(other.router.state.location.pathname).toBe('/family'));
  });
});
