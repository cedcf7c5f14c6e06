import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LoadingOverlay } from '../../src/components/loading-overlay.tsx';
import { LightAlert } from '../../src/components/light-controls/light-alert.tsx';
import { LightTextField } from '../../src/components/light-controls/light-text-field.tsx';

describe('the plain text field of the sign-in screens', () => {
  it('is named by its label, with the required mark left out of the name', async () => {
    render(<LightTextField label="Student ID" required defaultValue="" />);
    const input = screen.getByRole('textbox', { name: 'Student ID' });
    expect(input).toBeRequired();
    await userEvent.type(input, '20260001');
    expect(input).toHaveValue('20260001');
  });

  it('is described by its hint, and marked invalid with its message when in error', () => {
    const { rerender } = render(<LightTextField label="Confirm Password" type="password" helperText="Type it again." />);
    const input = screen.getByLabelText('Confirm Password');
    expect(input).toHaveAccessibleDescription('Type it again.');
    expect(input).not.toHaveAttribute('aria-invalid');
    rerender(<LightTextField label="Confirm Password" type="password" helperText="The passwords do not match." error />);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('The passwords do not match.');
  });

  it('keeps the line of an empty hint without describing anything', () => {
    render(<LightTextField label="Password" helperText=" " />);
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-describedby');
  });
});

describe('the light alert', () => {
  it('announces an error at once and a notice politely', () => {
    render(
      <>
        <LightAlert severity="error">The student ID or password is incorrect.</LightAlert>
        <LightAlert severity="info">Your session has ended. Please sign in again.</LightAlert>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The student ID or password is incorrect.');
    expect(screen.getByRole('status')).toHaveTextContent('Your session has ended. Please sign in again.');
  });
});

describe('the loading overlay', () => {
  it('shows a named progress indicator while open, and nothing when closed', () => {
    const { rerender } = render(<LoadingOverlay open label="Signing in" />);
    expect(screen.getByRole('progressbar', { name: 'Signing in' })).toBeInTheDocument();
    rerender(<LoadingOverlay open={false} label="Signing in" />);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
