import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NoticeEmailSection } from '../../../../src/features/account/components/notice-email-section.tsx';
import { json, renderWithQueries, stubFetch } from '../../../http.tsx';

afterEach(() => vi.unstubAllGlobals());

describe("My Account's security notices section", () => {
  it('shows her address, saves a new one with her current password, and says what the server refused', async () => {
    const calls = stubFetch((call) => {
      if (call.method === 'GET') return json({ email: 'old@school.test' });
      const { email, current_password } = call.body as { email: string; current_password: string };
      if (current_password !== 'her-password')
        return json({ message: 'The current password is incorrect.', errors: { current_password: ['The current password is incorrect.'] } }, 422);
      return email.includes('@') ? json({ email: email.trim() || null }) : json({ message: 'Invalid e-mail', errors: { email: ['Invalid e-mail'] } }, 422);
    });
    renderWithQueries(<NoticeEmailSection />);
    const field = await screen.findByLabelText('E-mail');
    expect(field).toHaveValue('old@school.test');
    const password = screen.getByLabelText('Current password');
    expect(password).toHaveAttribute('type', 'password');

    await userEvent.clear(field);
    await userEvent.type(field, 'me@school.test');
    await userEvent.type(password, 'a-wrong-one');
    await userEvent.click(screen.getByRole('button', { name: 'Save e-mail' }));
    expect(await screen.findByText('The current password is incorrect.')).toBeInTheDocument();

    await userEvent.clear(password);
    await userEvent.type(password, 'her-password');
    await userEvent.clear(field);
    await userEvent.type(field, 'nobody');
    await userEvent.click(screen.getByRole('button', { name: 'Save e-mail' }));
    expect(await screen.findByText('Invalid e-mail')).toBeInTheDocument();

    await userEvent.clear(field);
    await userEvent.type(field, 'me@school.test');
    await userEvent.click(screen.getByRole('button', { name: 'Save e-mail' }));
    expect(await screen.findByText('Saved. Security notices go to this address.')).toBeInTheDocument();
    expect(password).toHaveValue('');
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { email: 'me@school.test', current_password: 'a-wrong-one' },
      { email: 'nobody', current_password: 'her-password' },
      { email: 'me@school.test', current_password: 'her-password' },
    ]);
  });
});
