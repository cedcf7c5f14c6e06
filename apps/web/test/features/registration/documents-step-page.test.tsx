import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '../../../src/lib/router/index.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registrationRoutes } from '../../../src/features/registration/routes.tsx';
import { json, renderWithQueries, stubFetch, stubFormPosts, studentSession } from '../../http.tsx';
import { registration } from './fixtures.tsx';

/** The portal's API for the Documents step: the files listed are those uploaded so far. */
function fakeServer() {
  const files: Array<{ name: string; type: string; url: string }> = [];
  stubFetch((call) => {
    if (call.url === '/api/session') return json(studentSession);
    if (call.url === '/api/student/20260001') return json(registration());
    if (call.url === '/api/get-files/20260001') return json(files);
    return json([]);
  });
  stubFormPosts((call) => {
    files.push({ name: call.file!.name, type: call.fields.file_type, url: `/api/file/${call.file!.name}` });
    return { status: 200, body: { message: 'Birth certificate uploaded successfully.' } };
  });
}

function renderDocuments() {
  // The floating menu is not here; the wizard's own parts are.
  const router = createMemoryRouter([{ path: '/registration', children: registrationRoutes }], { initialEntries: ['/registration/documents'] });
  renderWithQueries(<RouterProvider router={router} />);
}

afterEach(() => vi.unstubAllGlobals());

describe('the Documents step', () => {
  it('keeps focus on the slot after a keyboard upload, and drops the old message when she resubmits', async () => {
    fakeServer();
    renderDocuments();
    const slot = await screen.findByRole('region', { name: 'Birth Certificate' });
    const pdf = new File(['%PDF-1.4'], 'birth.pdf', { type: 'application/pdf' });
    await userEvent.upload(within(slot).getByLabelText('Choose the birth certificate file'), pdf);
    within(slot).getByRole('button', { name: 'Upload' }).focus();
    await userEvent.keyboard('{Enter}');
    const link = await within(slot).findByRole('link', { name: 'birth.pdf' });
    expect(within(slot).getByRole('status')).toHaveTextContent('Birth certificate uploaded successfully.');
    // The Upload button went away with the upload: focus is on what took its place, not lost.
    expect(link).toHaveFocus();

    await userEvent.click(within(slot).getByRole('button', { name: 'Resubmit' }));
    expect(within(slot).getByText('No file chosen')).toBeInTheDocument();
    expect(within(slot).queryByText('Birth certificate uploaded successfully.')).not.toBeInTheDocument();
    expect(within(slot).getByRole('button', { name: /Choose file/ })).toHaveFocus();
  });
});
