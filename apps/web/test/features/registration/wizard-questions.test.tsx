import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registrationRoutes } from '../../../src/features/registration/routes.tsx';
import { json, renderWithQueries, stubFetch, studentSession, type Call } from '../../http.tsx';
import { registration } from './fixtures.tsx';

// The remove question's chunk never arrives: the connection went before the step had fetched it.
vi.mock('../../../src/features/registration/remove-file-dialog.tsx', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

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

describe('the remove question, when its dialog could not be fetched', () => {
  it('is asked by the browser with the same words, and Yes removes the document', async () => {
    const calls = fakeServer();
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const slot = await pressRemove();
    await waitFor(() => expect(confirm).toHaveBeenCalledWith('Remove Birth Certificate?\n\nThe file birth.pdf will be deleted.'));
    expect(await within(slot).findByRole('status')).toHaveTextContent('File deleted successfully.');
    expect(deletes(calls)).toHaveLength(1);
  });

  it('keeps the document when she says no', async () => {
    const calls = fakeServer();
    vi.stubGlobal(
      'confirm',
      vi.fn(() => false),
    );
    const slot = await pressRemove();
    await waitFor(() => expect(window.confirm).toHaveBeenCalledTimes(1));
    expect(within(slot).getByRole('link', { name: 'birth.pdf' })).toBeInTheDocument();
    expect(deletes(calls)).toHaveLength(0);
  });
});
