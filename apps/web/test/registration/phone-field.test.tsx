import { fieldByName } from '@school/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AutosaveStore } from '../../src/features/registration/autosave-store.ts';
import { FieldInput } from '../../src/features/registration/components/FieldInput.tsx';
import { acceptingSave, registration, withWizard } from './fixtures.tsx';

describe('the phone field', () => {
  it('shows the 1868 prefix and takes only digit keypresses', async () => {
    const store = new AutosaveStore(registration(), acceptingSave);
    render(withWizard(store, <FieldInput field={fieldByName.get('mobile_phone_mother')!} readOnly={false} />));
    expect(screen.getByText('1868')).toBeInTheDocument();
    const input = screen.getByRole('textbox', { name: 'Mobile Phone' });
    await userEvent.type(input, '62a1-23b4');
    expect(input).toHaveValue('621234');
  });

  it("answers '7 Digits Needed' for a short number and saves nothing", async () => {
    const save = vi.fn(acceptingSave);
    const store = new AutosaveStore(registration(), save);
    render(withWizard(store, <FieldInput field={fieldByName.get('phone_home')!} readOnly={false} />));
    const input = screen.getByRole('textbox', { name: 'Home Phone' });
    await userEvent.type(input, '62312');
    await userEvent.tab();
    expect(await screen.findByText('7 Digits Needed')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it('saves a full number on blur', async () => {
    const save = vi.fn(acceptingSave);
    const store = new AutosaveStore(registration(), save);
    render(withWizard(store, <FieldInput field={fieldByName.get('phone_home')!} readOnly={false} />));
    await userEvent.type(screen.getByRole('textbox', { name: 'Home Phone' }), '6231234');
    await userEvent.tab();
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ phone_home: '6231234', updatedAt: '2026-09-01T00:00:00.000Z' }));
  });
});
