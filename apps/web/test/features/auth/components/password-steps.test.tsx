import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PasswordSteps } from '../../../../src/features/auth/components/password-steps.tsx';

describe('the steps of Change Password', () => {
  it('lists the steps in order and marks the current one for screen readers', () => {
    const { rerender } = render(<PasswordSteps steps={['Current password', 'New password']} active={0} />);
    const steps = within(screen.getByRole('list', { name: 'Steps' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual(['1Current password', '2New password']);
    expect(steps[0]).toHaveAttribute('aria-current', 'step');
    expect(steps[1]).not.toHaveAttribute('aria-current');
    rerender(<PasswordSteps steps={['Current password', 'New password']} active={1} />);
    expect(steps[0]).not.toHaveAttribute('aria-current');
    expect(steps[1]).toHaveAttribute('aria-current', 'step');
    // A step done shows a tick in place of its number.
    expect(steps[0]).toHaveTextContent(/^Current password$/);
  });
});
