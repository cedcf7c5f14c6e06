import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PdfDialog } from '../../../src/components/mui/pdf-dialog.tsx';
import { json, renderWithQueries, stubFetch } from '../../http.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('a PDF dialog', () => {
  it('shows the server’s refusal with Try again, which asks once more, and keeps Close', async () => {
    let answers = 0;
    const calls = stubFetch(() =>
      answers++ === 0 ? json({ message: 'This report card is not posted yet.' }, 404) : json({ message: 'Still not posted.' }, 404),
    );
    const onClose = vi.fn();
    renderWithQueries(<PdfDialog title="End of Term Report – Term 1" source="/api/report-card/20240001/2026/1" onClose={onClose} fullScreen />);
    expect(await screen.findByText('This report card is not posted yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Still not posted.')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual(['/api/report-card/20240001/2026/1', '/api/report-card/20240001/2026/1']);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
