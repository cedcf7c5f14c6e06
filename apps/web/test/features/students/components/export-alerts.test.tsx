import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExportAlerts } from '../../../../src/features/students/components/export-alerts.tsx';
import { json, renderWithQueries, stubFetch } from '../../../http.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('the export warning on the admin dashboard', () => {
  it('names each staff member past half of the day’s allowance, with her count', async () => {
    stubFetch(() => json({ daily_limit: 20, staff: [{ username: 'office1', display_name: 'Mrs Baptiste', exports: 14 }] }));
    renderWithQueries(<ExportAlerts />);
    expect(await screen.findByText('Many whole-school exports today')).toBeTruthy();
    expect(screen.getByText('Mrs Baptiste (office1): 14 of 20 exports allowed in a day.')).toBeTruthy();
  });

  it('shows nothing while all is quiet', async () => {
    const calls = stubFetch(() => json({ daily_limit: 20, staff: [] }));
    const { container } = renderWithQueries(<ExportAlerts />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(container.textContent).toBe('');
  });
});
