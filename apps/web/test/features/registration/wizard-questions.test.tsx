import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '../../../src/lib/router/index.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registrationRoutes } from '../../../src/features/registration/routes.tsx';
import { json, renderWithQueries, stubFetch, studentSession, type Call } from '../../http.tsx';
import { registration } from './fixtures.tsx';

/** A Documents step with a birth certificate already uploaded; the removal is answered as the portal does. */
function fakeServer() {
  let files = [{ name: 'birth.pdf', type: 'birth_certificate', url: '/api/file/birth.pdf' }];
  return stubFetch((call) => {
    if (call.url === '/api/session') return json(studentSession);
    if (call.url === '/api/student/20260001') return json(registration());
    if (call.url === '/api/get-files/20260001') return json(files);
    if (call.method === 'DELETE') {
      files = [];
      return json({ message: 'File deleted successfully.' });
    }
    return json([]);
  });
}

async function pressRemove() {
  const router = createMemoryRouter([{ path: '/registration', children: registrationRoutes }], { initialEntries: ['/registration/documents'] });
  renderWithQueries(<RouterProvider router={router} />);
  const slot = await screen.findByRole('region', { name: 'Birth Certificate' });
  await userEvent.click(await within(slot).findByRole('button', { name: 'Remove' }));
  return slot;
}

const deletes = (calls: Call[]) => calls.filter((call) => call.method === 'DELETE');

afterEach(() => vi.unstubAllGlobals());

describe('the remove question, drawn with the step (no chunk of its own to wait for)', () => {
  it('names the document and its file, and Remove removes it', async () => {
    const calls = fakeServer();
    const slot = await pressRemove();
    const question = await screen.findByRole('dialog', { name: 'Remove Birth Certificate?' });
    expect(question).toHaveTextContent('The file birth.pdf will be deleted.');
    await userEvent.click(within(question).getByRole('button', { name: 'Remove' }));
    expect(await within(slot).findByRole('status')).toHaveTextContent('File deleted successfully.');
    expect(deletes(calls)).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the document when she cancels', async () => {
    const calls = fakeServer();
    const slot = await pressRemove();
    const question = await screen.findByRole('dialog', { name: 'Remove Birth Certificate?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(slot).getByRole('link', { name: 'birth.pdf' })).toBeInTheDocument();
    expect(deletes(calls)).toHaveLength(0);
  });
});
