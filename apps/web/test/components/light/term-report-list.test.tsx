import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TermReportList } from '../../../src/components/light/term-report-list.tsx';
import { json, renderWithQueries, stubFetch } from '../../http.tsx';

afterEach(() => vi.unstubAllGlobals());

const terms = [
  { year: 2026, term: '1', posted: 0, date_posted: null, form_level: 2, class_id: '2B' },
  { year: 2025, term: '3', posted: 1, date_posted: '2026-07-10 10:00:00', form_level: 1, class_id: '1B' },
];

/** The term list, and a report card the server refuses (so no PDF is drawn in jsdom). */
const answer = (call: { url: string }) => (call.url.startsWith('/api/report-card/') ? json({ message: 'That report card is not there.' }, 404) : json(terms));

describe('the term report list', () => {
  it('shows each term as SPEC §2 words it, and opens a posted report full screen with a Close button', async () => {
    const calls = stubFetch(answer);
    renderWithQueries(<TermReportList studentId="20260001" />);
    expect(await screen.findByRole('heading', { name: 'Select Term Report' })).toBeInTheDocument();
    expect(await screen.findByText('Form 1 1B')).toBeInTheDocument();
    expect(screen.getByText('Term 3, Trinity, 2025-2026')).toBeInTheDocument();
    expect(screen.getByText('Report posted 2026-07-10 10:00:00')).toBeInTheDocument();
    expect(screen.getByText('Report not posted')).toBeInTheDocument();
    expect(screen.getAllByText('End of Term Report')).toHaveLength(2);

    const unposted = screen.getByRole('button', { name: /Term 1, Michaelmas, 2026-2027, not posted/ });
    expect(unposted).toBeDisabled();
    expect(unposted.closest('li')).toHaveAttribute('data-greyed');
    expect(screen.queryByText('Not posted')).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Term 3, Trinity, 2025-2026/ }));
    const dialog = await screen.findByRole('dialog', { name: 'End of Term Report – Term 3, Trinity, 2025-2026' });
    expect(await within(dialog).findByText('That report card is not there.')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toContain('/api/report-card/20260001/2025/3');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lets an admin open a report that is not posted, shown as openable with a Not posted chip', async () => {
    const calls = stubFetch(answer);
    renderWithQueries(<TermReportList studentId="20260001" admin />);
    const unposted = await screen.findByRole('button', { name: /Term 1, Michaelmas, 2026-2027, not posted/ });
    expect(unposted).toBeEnabled();
    // It looks openable, not greyed, and says it is not posted.
    const card = unposted.closest('li')!;
    expect(card).not.toHaveAttribute('data-greyed');
    expect(getComputedStyle(card).opacity).toBe('1');
    expect(within(unposted).getByText('Not posted')).toBeVisible();
    await userEvent.setup().click(unposted);
    expect(await within(await screen.findByRole('dialog')).findByText('That report card is not there.')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toContain('/api/report-card/20260001/2026/1');
  });

  it('shows a kind empty state to a student with no reports, and a short message when the list cannot load', async () => {
    stubFetch(() => json([]));
    const { unmount } = renderWithQueries(<TermReportList studentId="20260001" />);
    expect(await screen.findByText(/You have no term reports yet/)).toBeInTheDocument();
    unmount();
    stubFetch(() => json({ message: 'Server trouble' }, 500));
    renderWithQueries(<TermReportList studentId="20260001" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The term reports could not be loaded');
  });
});
