import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@school/contract/messages';
import { createMemoryRouter, RouterProvider } from '../../../src/lib/router/index.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ExportDataPage from '../../../src/features/admin-data/export-data-page.tsx';
import { json, renderWithQueries, staffSession, stubFetch } from '../../http.tsx';

/** The file a download saved: its name, as the link the page clicked gave it. */
let saved: string[] = [];

beforeEach(() => {
  saved = [];
  // jsdom makes no object URLs and follows no download links: the page's link is read instead.
  Object.assign(URL, { createObjectURL: () => 'blob:portal/file', revokeObjectURL: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPage(role: 'admin' | 'office', roster: () => Response) {
  const calls = stubFetch((call) => {
    if (call.url === '/api/session') return json(staffSession(role));
    if (call.url === '/api/config') return json({ school_name: 'St. Brigid', time_zone: 'America/Port_of_Spain' });
    if (call.url === '/api/oneroster.zip') return roster();
    if (call.url.startsWith('/api/account') || call.url.startsWith('/api/account/passkeys')) return json({ totp: true, passkeys: [] });
    return new Response('xlsx', { status: 200 });
  });
  const router = createMemoryRouter([{ path: '/admin/export', element: <ExportDataPage /> }], { initialEntries: ['/admin/export'] });
  renderWithQueries(<RouterProvider router={router} />);
  return calls;
}

const zip = () => new Response('PK', { status: 200, headers: { 'content-type': 'application/zip' } });

describe('the Export Data screen’s OneRoster roster', () => {
  it('is offered to an admin, and downloads the roster as the school’s day’s ZIP', async () => {
    const calls = renderPage('admin', zip);
    const section = await screen.findByRole('region', { name: 'OneRoster roster' });
    await screen.findByText('Registration Data.xlsx has been downloaded.');
    await userEvent.click(within(section).getByRole('button', { name: 'Download OneRoster roster' }));
    expect(await within(section).findByRole('status')).toHaveTextContent(/^OneRoster \d{4}-\d{2}-\d{2}\.zip has been downloaded\.$/);
    expect(calls.filter((call) => call.url === '/api/oneroster.zip')).toHaveLength(1);
    expect(saved.at(-1)).toMatch(/^OneRoster \d{4}-\d{2}-\d{2}\.zip$/);
  });

  it('asks for the second factor when the server wants it, as the other whole-school downloads do', async () => {
    renderPage('admin', () => json({ code: 'step_up_required', message: messages.stepUpRequired, enrolled: true }, 403));
    const section = await screen.findByRole('region', { name: 'OneRoster roster' });
    await screen.findByText('Registration Data.xlsx has been downloaded.');
    await userEvent.click(within(section).getByRole('button', { name: 'Download OneRoster roster' }));
    expect(await screen.findByRole('dialog', { name: 'Confirm it is you' })).toBeVisible();
  });

  it('is not offered to the office, whose role may not download it', async () => {
    renderPage('office', zip);
    await screen.findByText('Registration Data.xlsx has been downloaded.');
    // Once the spreadsheet's dialog has gone, the page is readable again.
    await screen.findByRole('button', { name: 'Download again' });
    expect(screen.queryByRole('region', { name: 'OneRoster roster' })).toBeNull();
  });
});
