import { fieldByName } from '@school/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { cleanPastedNumber, PhoneField } from '../../../src/components/mui/phone-field.tsx';
import { AutosaveStore } from '../../../src/features/registration/autosave-store.ts';
import { FieldInput } from '../../../src/features/registration/components/field-input.tsx';
import { acceptingSave, onTestClock, passTime, registration, withWizard } from '../../features/registration/fixtures.tsx';

/** The shared field on its own, holding its value as a form would. */
function StandalonePhone() {
  const [value, setValue] = useState('');
  return <PhoneField id="phone" label="Mobile Phone" value={value} onChange={setValue} />;
}

describe('the phone field', () => {
  it('shows the fixed 1868 prefix, opens a numeric keypad and takes only digit keypresses', async () => {
    render(<StandalonePhone />);
    expect(screen.getByText('1868')).toBeInTheDocument();
    const input = screen.getByRole('textbox', { name: 'Mobile Phone' });
    expect(input).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(input, '62a1-23 b4');
    expect(input).toHaveValue('621234');
  });

  it('stops at seven digits', async () => {
    render(<StandalonePhone />);
    const input = screen.getByRole('textbox', { name: 'Mobile Phone' });
    await userEvent.type(input, '623123456');
    expect(input).toHaveValue('6231234');
  });

  it('takes a pasted number with its prefix and punctuation as its seven digits', async () => {
    render(<StandalonePhone />);
    const input = screen.getByRole('textbox', { name: 'Mobile Phone' });
    await userEvent.click(input);
    await userEvent.paste('(1868) 662-1234');
    expect(input).toHaveValue('6621234');
    expect(cleanPastedNumber('+1 868 662 1234')).toBe('6621234');
    expect(cleanPastedNumber('662 12a4')).toBe('66212a4');
  });

  it("answers '7 Digits Needed' for a short number, keeps it in the field and saves nothing", async () => {
    const save = vi.fn(acceptingSave);
    const store = new AutosaveStore(registration(), save);
    render(withWizard(store, <FieldInput field={fieldByName.get('phone_home')!} readOnly={false} />));
    const input = screen.getByRole('textbox', { name: 'Home Phone' });
    await userEvent.type(input, '62312');
    await userEvent.tab();
    expect(await screen.findByText('7 Digits Needed')).toBeInTheDocument();
    expect(input).toHaveValue('62312');
    expect(input).toHaveAccessibleDescription('7 Digits Needed');
    expect(save).not.toHaveBeenCalled();
  });

  it("answers 'Only Numbers Allowed' when letters are pasted into a family phone", async () => {
    const save = vi.fn(acceptingSave);
    const store = new AutosaveStore(registration({ living_status: 'Mother Only' }), save);
    render(withWizard(store, <FieldInput field={fieldByName.get('mobile_phone_mother')!} readOnly={false} />));
    const input = screen.getByRole('textbox', { name: 'Mobile Phone' });
    await userEvent.click(input);
    await userEvent.paste('66two345');
    await userEvent.tab();
    expect(await screen.findByText('Only Numbers Allowed')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it('saves a full number on blur with the whole record and its version, then shows the check mark', async () => {
    const save = vi.fn(acceptingSave);
    const store = new AutosaveStore(registration(), save);
    const user = onTestClock();
    render(withWizard(store, <FieldInput field={fieldByName.get('phone_home')!} readOnly={false} />));
    await user.type(screen.getByRole('textbox', { name: 'Home Phone' }), '6231234');
    await user.tab();
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ phone_home: '6231234', first_name: 'Kezia', updatedAt: '2026-09-01T00:00:00.000Z' }));
    expect(screen.getByLabelText('Saving Home Phone')).toBeInTheDocument();
    await passTime();
    expect(screen.getByTitle('Home Phone saved')).toBeInTheDocument();
  });

  it('is disabled while registration is closed', () => {
    const store = new AutosaveStore(registration(), acceptingSave);
    render(withWizard(store, <FieldInput field={fieldByName.get('phone_home')!} readOnly />));
    expect(screen.getByRole('textbox', { name: 'Home Phone' })).toBeDisabled();
  });
});
