import { consentMessages } from '@school/contract/consents';
import type { GuardianConsent } from '@school/contract/responses';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../http.tsx';
import { openApp } from '../fixtures.tsx';

afterEach(() => vi.unstubAllGlobals());

/** A trip both daughters go on: one answer for both. */
const trip: GuardianConsent = {
  form_id: 'f-trip',
  kind: 'form',
  title: 'Trip to the Botanic Gardens',
  text: 'I agree that my daughter may go on the trip.\n\nThe bus leaves at 8:00.',
  version: 1,
  closes_on: '2026-06-12',
  per_daughter: false,
  student_id: null,
  students: [
    { student_id: '20260001', first_name: 'Kezia' },
    { student_id: '20240017', first_name: 'Amara' },
  ],
  answer: null,
};

/** Kezia's registration agreement, answered before the school changed its words. */
const registration: GuardianConsent = {
  form_id: 'registration-2026',
  kind: 'registration',
  title: 'Yearly registration agreement 2026-2027',
  text: 'Registration terms 2026-2027',
  version: 2,
  closes_on: null,
  per_daughter: true,
  student_id: '20260001',
  students: [{ student_id: '20260001', first_name: 'Kezia' }],
  answer: { id: 'a-1', answer: 'agree', typed_name: 'Maria Charles', answered_at: '2026-05-04T14:05:00Z', version: 1 },
};

describe('the consent forms on her daughter’s page', () => {
  it('asks her answer with her typed name, checks it before sending, and shows it once stored', async () => {
    let answered = false;
    const { calls } = openApp('/family', {
      answer: (call) => {
        if (call.url === '/api/guardian/consents')
          return json({
            consents: [
              answered
                ? { ...trip, answer: { id: 'a-9', answer: 'agree', typed_name: 'Maria Charles', answered_at: '2026-06-03T14:14:00Z', version: 1 } }
                : trip,
            ],
          });
        if (call.url === '/api/consents/f-trip/answers') {
          answered = true;
          return json({ message: consentMessages.answered(trip.title, 'agree'), consent: trip });
        }
        return undefined;
      },
    });
    const card = await screen.findByRole('article', { name: 'Trip to the Botanic Gardens' });
    expect(screen.getByRole('heading', { level: 2, name: 'Consent Forms' })).toBeInTheDocument();
    expect(within(card).getByText('One answer for Kezia and Amara · answer by 2026-06-12')).toBeInTheDocument();
    expect(within(card).getByText(/The bus leaves at 8:00/)).toBeInTheDocument();

    const send = within(card).getByRole('button', { name: 'Send My Answer' });
    await userEvent.click(send);
    expect(await within(card).findByText(consentMessages.chooseAnswer)).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('radio', { name: 'I agree' }));
    await userEvent.type(within(card).getByLabelText(/^Type your full name to sign/), 'x');
    await userEvent.click(send);
    expect((await within(card).findAllByText(consentMessages.nameNeedsLetters)).length).toBeGreaterThan(0);
    expect(calls.some((call) => call.url === '/api/consents/f-trip/answers')).toBe(false);

    await userEvent.clear(within(card).getByLabelText(/^Type your full name to sign/));
    await userEvent.type(within(card).getByLabelText(/^Type your full name to sign/), 'Maria Charles');
    await userEvent.click(send);
    expect(await within(card).findByText(consentMessages.answered(trip.title, 'agree'))).toBeInTheDocument();
    expect(await within(card).findByText('You agreed')).toBeInTheDocument();
    expect(within(card).getByText(/Signed “Maria Charles” on 2026-06-03 10:14:00/)).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/consents/f-trip/answers').map((call) => call.body)).toEqual([
      { answer: 'agree', typed_name: 'Maria Charles' },
    ]);
  });

  it('tells her when the words changed since she answered, and a change names the answer it replaces; a refusal is told in the server’s words', async () => {
    const { calls } = openApp('/family', {
      answer: (call) => {
        if (call.url === '/api/guardian/consents') return json({ consents: [registration] });
        if (call.url === '/api/consents/registration-2026/answers') return json({ message: consentMessages.answerChanged }, 409);
        return undefined;
      },
    });
    const card = await screen.findByRole('article', { name: 'Yearly registration agreement 2026-2027' });
    expect(within(card).getByText('For Kezia · answer while Kezia’s registration is open')).toBeInTheDocument();
    expect(within(card).getByText(/The school changed the words after you answered/)).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Change My Answer' }));
    await userEvent.click(within(card).getByRole('radio', { name: 'I do not agree' }));
    await userEvent.type(within(card).getByLabelText(/^Type your full name to sign/), 'Maria Charles');
    await userEvent.click(within(card).getByRole('button', { name: 'Send My Answer' }));
    expect(await within(card).findByText(consentMessages.answerChanged)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { answer: 'disagree', typed_name: 'Maria Charles', student_id: '20260001', replaces: 'a-1' },
    ]);
  });

  it('shows no section on the page of a daughter no form asks about', async () => {
    openApp('/family/20240017', { answer: (call) => (call.url === '/api/guardian/consents' ? json({ consents: [registration] }) : undefined) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Amara Charles' })).toBeInTheDocument();
    expect(await screen.findByText(/Completed on/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Consent Forms' })).not.toBeInTheDocument();
  });
});
