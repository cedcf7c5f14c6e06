import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResetPasswordDialog } from '../../../../src/features/students/components/reset-password-dialog.tsx';
import { held, json, renderWithQueries, stubFetch, type Call } from '../../../http.tsx';
import { row } from '../fixtures.ts';

const resets = (calls: Call[]) => calls.filter((call) => call.url === '/api/reset-password-student');

function openDialog() {
  const onClose = vi.fn();
  renderWithQueries(<ResetPasswordDialog student={row} name="Kezia Charles" onClose={onClose} />);
  return { dialog: screen.getByRole('dialog', { name: 'Reset Password' }), onClose };
}

afterEach(() => vi.unstubAllGlobals());

describe('the admin’s Reset Password dialog', () => {
  it('asks first, and Cancel closes it without resetting anything', async () => {
    const calls = stubFetch(() => json({ message: 'Password reset.' }));
    const { dialog, onClose } = openDialog();
    expect(dialog).toHaveTextContent('Are you sure you want to reset Kezia Charles password?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(resets(calls)).toHaveLength(0);
  });

  it('shows a progress bar while resetting, then says it is done, and Ok closes it', async () => {
    const answer = held();
    const calls = stubFetch(() => answer.response);
    const { dialog, onClose } = openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(await within(dialog).findByText('Resetting Kezia Charles password')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: 'Resetting Kezia Charles password' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Ok' })).not.toBeInTheDocument();
    expect(resets(calls)).toEqual([{ url: '/api/reset-password-student', method: 'POST', body: { student_id: row.id } }]);

    answer.release(json({ message: 'Password reset.' }));
    expect(
      await within(dialog).findByText(
        "Kezia Charles's password has been reset. She can now sign in with her date of birth (yyyymmdd) and choose a new password.",
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('says why when the reset fails, with Ok to close', async () => {
    stubFetch(() => json({ message: 'Server Error', errors: { student_id: ['This student has no account.'] } }, 422));
    const { dialog, onClose } = openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(await within(dialog).findByText('This student has no account.')).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('has been reset');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('says the portal could not be reached when the network fails', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const { dialog } = openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(await within(dialog).findByText('The portal could not be reached. Check your connection and try again.')).toBeInTheDocument();
  });
});
