import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/client.ts';
import { NewPasswordForm } from '../../../src/components/light/new-password-form.tsx';

describe('the change-password form', () => {
  it('sends nothing when the two passwords differ', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<NewPasswordForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText(/^New Password/), 'Scarlet-Ibis-2026');
    await userEvent.type(screen.getByLabelText(/^Confirm Password/), 'Scarlet-Ibis-2025');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();
  });

  it('tells a student, and an admin, what her new password must be', () => {
    const { unmount } = render(<NewPasswordForm onSubmit={vi.fn()} />);
    expect(screen.getByLabelText(/^New Password/)).toHaveAccessibleDescription('8 to 128 characters; not your student ID or date of birth.');
    unmount();
    render(<NewPasswordForm onSubmit={vi.fn()} rules="8 to 128 characters; not your username." />);
    expect(screen.getByLabelText(/^New Password/)).toHaveAccessibleDescription('8 to 128 characters; not your username.');
  });

  it('sends nothing when the contract’s password rule refuses it, and says why', async () => {
    const onSubmit = vi.fn(async () => {});
    render(<NewPasswordForm onSubmit={onSubmit} forbidden={{ studentId: '20260042' }} />);
    await userEvent.type(screen.getByLabelText(/^New Password/), 'Ibis-20260042');
    await userEvent.type(screen.getByLabelText(/^Confirm Password/), 'Ibis-20260042');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The password must not contain your student ID.');
    await userEvent.clear(screen.getByLabelText(/^New Password/));
    await userEvent.clear(screen.getByLabelText(/^Confirm Password/));
    await userEvent.type(screen.getByLabelText(/^New Password/), 'Short-1');
    await userEvent.type(screen.getByLabelText(/^Confirm Password/), 'Short-1');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The password must have at least 8 characters.');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the new password when both match, and shows the server’s reason when refused', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(422, { message: 'x', errors: { password: ['This password is too common. Please choose another.'] } });
    });
    render(<NewPasswordForm onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText(/^New Password/), 'password123');
    await userEvent.type(screen.getByLabelText(/^Confirm Password/), 'password123');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(onSubmit).toHaveBeenCalledWith('password123');
    expect(await screen.findByRole('alert')).toHaveTextContent('This password is too common. Please choose another.');
  });
});
