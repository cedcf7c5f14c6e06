import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReportDialog } from '../../../src/components/mui/attendance-report-dialog.tsx';
import { stubFetch } from '../../http.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('the attendance report dialog', () => {
  it('refuses an end date before the start as it is typed, before Display Report is pressed', async () => {
    const calls = stubFetch(() => new Response('%PDF-1.4', { headers: { 'content-type': 'application/pdf' } }));
    render(<ReportDialog studentId="20260001" from="2026-11-10" to="2026-11-20" onClose={() => {}} />);
    const display = screen.getByRole('button', { name: 'Display Report' });
    expect(display).toBeEnabled();
    const end = screen.getByRole('textbox', { name: 'End Date' });
    await userEvent.clear(end);
    await userEvent.type(end, '20261105');
    expect(end).toHaveValue('2026-11-05');
    expect(await screen.findByText('The end date is before the start date.')).toBeInTheDocument();
    expect(end).toHaveAttribute('aria-invalid', 'true');
    expect(display).toBeDisabled();
    expect(calls).toEqual([]);
  });
});
