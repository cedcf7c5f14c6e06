import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LightFormField } from '../../../src/components/light/light-form.tsx';

describe('the light form field', () => {
  it('ties its label, required mark and message to its control', () => {
    render(
      <LightFormField id="field-email" label="E-mail" required error helperText="Invalid e-mail">
        {(control) => <input {...control} />}
      </LightFormField>,
    );
    const input = screen.getByRole('textbox', { name: 'E-mail' });
    expect(input).toHaveAttribute('id', 'field-email');
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Invalid e-mail');
  });

  it('keeps the line of an empty message without describing anything, and shows a fixed prefix', () => {
    render(
      <LightFormField id="field-phone" label="Home Phone" helperText=" " prefix="1868">
        {(control) => <input {...control} />}
      </LightFormField>,
    );
    const input = screen.getByRole('textbox', { name: 'Home Phone' });
    expect(input).not.toHaveAttribute('aria-describedby');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('1868')).toBeInTheDocument();
  });
});
