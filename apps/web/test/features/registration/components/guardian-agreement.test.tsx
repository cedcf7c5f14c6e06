import type { GuardianAgreement as Agreement } from '@school/contract/responses';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GuardianAgreement } from '../../../../src/features/registration/components/guardian-agreement.tsx';
import { json, renderWithQueries, stubFetch, studentSession } from '../../../http.tsx';

afterEach(() => vi.unstubAllGlobals());

const agreement = (fields: Partial<Agreement>): Agreement => ({ asked: true, academic_year: '2026-2027', given: false, answers: [], ...fields });

/** The section on her Complete step, over a portal that answers her agreement as `answer` says. */
function render(answer: () => Response) {
  const calls = stubFetch((call) => {
    if (call.url === '/api/session') return json(studentSession);
    if (call.url === '/api/config') return json({ school_name: 'St. Brigid', time_zone: 'America/Port_of_Spain' });
    if (call.url === `/api/student/${studentSession.userID}/guardian-agreement`) return answer();
    return json({ message: 'Not found.' }, 404);
  });
  const { client } = renderWithQueries(<GuardianAgreement />);
  return { calls, client };
}

describe('her parent’s agreement on the Complete step (decision 067)', () => {
  it('names the parent who agreed, and when', async () => {
    render(() =>
      json(
        agreement({
          given: true,
          answers: [
            { guardian_name: 'Rhonda Baptiste', relationship: 'mother', answer: 'agree', typed_name: 'R. Baptiste', answered_at: '2026-09-03T14:14:00Z' },
          ],
        }),
      ),
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Your Parent’s Agreement' })).toBeInTheDocument();
    expect(screen.getByText('A parent agreed to your registration for 2026-2027')).toBeInTheDocument();
    expect(screen.getByText('Rhonda Baptiste (your mother) agreed on 2026-09-03 10:14:00.')).toBeInTheDocument();
  });

  it('says it is not given yet while no parent agreed, even one who did not agree', async () => {
    render(() =>
      json(
        agreement({
          answers: [{ guardian_name: 'Pablo Baptiste', relationship: 'father', answer: 'disagree', typed_name: 'P. B.', answered_at: '2026-09-03T14:14:00Z' }],
        }),
      ),
    );
    expect(await screen.findByText('Not given yet')).toBeInTheDocument();
    expect(screen.queryByText(/Pablo/)).not.toBeInTheDocument();
  });

  it('shows nothing while the school does not ask, and a kind word when it cannot be read', async () => {
    const { client } = render(() => json(agreement({ asked: false })));
    // Once her agreement has come, and said it is not asked, nothing is drawn.
    await vi.waitFor(() => expect(client.getQueryState(['guardian-agreement', studentSession.userID])?.status).toBe('success'));
    expect(screen.queryByRole('heading', { name: 'Your Parent’s Agreement' })).not.toBeInTheDocument();
    vi.unstubAllGlobals();
    render(() => json({ message: 'Something went wrong on our side. Please try again.' }, 500));
    expect(await screen.findByText('Whether a parent agreed to your registration could not be loaded just now.')).toBeInTheDocument();
  });
});
