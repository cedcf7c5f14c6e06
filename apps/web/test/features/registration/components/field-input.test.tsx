import { birthDateRange, fieldByName, messages } from '@school/contract';
import type { StudentRecord } from '@school/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/api/client.ts';
import { AutosaveStore, SAVE_INDICATOR_MS } from '../../../../src/features/registration/autosave-store.ts';
import { cleanPastedNumber } from '../../../../src/components/light/light-form-digits.ts';
import { FieldInput } from '../../../../src/features/registration/components/field-input.tsx';
import { acceptingSave, onTestClock, passTime, progress, registration, withWizard } from '../fixtures.tsx';

const field = (name: string) => fieldByName.get(name)!;

/** A whole date entered in the browser's date input (as its calendar or typing gives it), then the field left. */
async function enterDate(label: string | RegExp, isoDate: string) {
  const input = screen.getByRole('textbox', { name: label });
  await userEvent.click(input);
  fireEvent.input(input, { target: { value: isoDate } });
  await userEvent.tab();
}

function renderField(name: string, record: Record<string, unknown> = {}, options?: Array<{ value: string; label: string }>) {
  const save = vi.fn(acceptingSave);
  const store = new AutosaveStore(registration(record), save);
  render(withWizard(store, <FieldInput field={field(name)} options={options} readOnly={false} />));
  return { save, store };
}

describe('a field of the wizard', () => {
  it("says 'This field is required.' when a required field is left empty, and keeps the saved value", async () => {
    const { save, store } = renderField('home_address', { home_address: '12 Pasea Road' });
    const input = screen.getByRole('textbox', { name: /Home Address/ });
    await userEvent.clear(input);
    await userEvent.tab();
    expect(screen.getByText(messages.required)).toBeInTheDocument();
    expect(input).toHaveValue('');
    expect(save).not.toHaveBeenCalled();
    expect(store.getSnapshot().record.home_address).toBe('12 Pasea Road');
    // The message goes as soon as the value is good again.
    await userEvent.type(input, '14 Pasea Road');
    expect(screen.queryByText(messages.required)).not.toBeInTheDocument();
  });

  it("says 'Invalid e-mail', leaves the entry in the field to correct, and sends nothing", async () => {
    const { save } = renderField('email');
    const input = screen.getByRole('textbox', { name: /E-mail/ });
    await userEvent.type(input, 'kezia@example');
    await userEvent.tab();
    expect(screen.getByText('Invalid e-mail')).toBeInTheDocument();
    expect(input).toHaveValue('kezia@example');
    expect(save).not.toHaveBeenCalled();
    await userEvent.type(input, '.tt');
    await userEvent.tab();
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ email: 'kezia@example.tt' }));
  });

  it('holds a text to its maximum length from the contract', async () => {
    renderField('first_name');
    const input = screen.getByRole('textbox', { name: /First Name/ });
    expect(input).toHaveAttribute('maxlength', '20');
    renderField('guardian_name');
    expect(screen.getAllByRole('textbox', { name: 'Name' })[0]).toHaveAttribute('maxlength', '30');
  });

  it('takes only digits, at most two, in a family number field', async () => {
    renderField('no_in_family');
    const input = screen.getByRole('textbox', { name: 'Number of Children in Family' });
    expect(input).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(input, 'a1x23');
    expect(input).toHaveValue('12');
  });

  it('saves a choice at once and offers exactly the spec’s options', async () => {
    const { save } = renderField('blood_type');
    await userEvent.click(screen.getByRole('combobox', { name: 'Blood Type' }));
    const options = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['Not stated', 'O-positive', 'O-negative', 'A-positive', 'A-negative', 'B-positive', 'B-negative', 'AB-positive', 'AB-negative']);
    await userEvent.click(screen.getByRole('option', { name: 'AB-negative' }));
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ blood_type: 'AB-negative' }));
  });

  it('offers a required choice without an empty option', async () => {
    renderField('device_type');
    await userEvent.click(screen.getByRole('combobox', { name: /Device Type/ }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['None', 'Phone', 'Laptop', 'Desktop', 'Tablet', 'Other']);
  });

  it('searches the town list and saves the town chosen', async () => {
    const towns = ['Arima', 'Arouca', 'Tunapuna'].map((town) => ({ value: town, label: town }));
    const { save } = renderField('address_line_2', {}, towns);
    const input = screen.getByRole('combobox', { name: /Town/ });
    await userEvent.type(input, 'Ar');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Arima', 'Arouca']);
    await userEvent.click(screen.getByRole('option', { name: 'Arouca' }));
    expect(input).toHaveValue('Arouca');
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ address_line_2: 'Arouca' }));
  });

  it('refuses a typed future date with the contract’s message', async () => {
    const { save } = renderField('permit_issue_date', { immigration_permit: 1 });
    await enterDate('Permit Issue Date', '2099-01-01');
    expect(await screen.findByText(messages.futureDate)).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it('refuses a date of birth of 1800 with the range it takes, and sends nothing', async () => {
    const { save } = renderField('date_of_birth', { date_of_birth: '2013-05-01' });
    await enterDate(/Date of Birth/, '1800-01-01');
    const { earliest, latest } = birthDateRange();
    expect(await screen.findByText(messages.birthDateRange(earliest, latest))).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it('saves a permit expiry date in the future', async () => {
    const { save } = renderField('permit_expiry_date', { immigration_permit: 1 });
    await enterDate('Permit Expiry Date', '2099-01-15');
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ permit_expiry_date: '2099-01-15' }));
  });

  it('saves a typed past date as yyyy-MM-dd', async () => {
    const { save } = renderField('permit_issue_date', { immigration_permit: 1 });
    await enterDate('Permit Issue Date', '2024-01-15');
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ permit_issue_date: '2024-01-15' }));
  });

  it('shows the date as yyyy-MM-dd whatever the browser’s locale, and offers in its calendar only the days its rule allows', () => {
    renderField('date_of_birth', { date_of_birth: '2013-05-01' });
    const { earliest, latest } = birthDateRange();
    const input = screen.getByRole('textbox', { name: /Date of Birth/ });
    expect(input).toHaveValue('2013-05-01');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('placeholder', 'yyyy-mm-dd');
    const calendar = input.parentElement!.querySelector('input[type="date"]')!;
    expect(calendar).toHaveAttribute('min', earliest);
    expect(calendar).toHaveAttribute('max', latest);
    expect(screen.getByRole('button', { name: 'Choose Date of Birth from a calendar' })).toBeInTheDocument();
  });

  it('puts the dashes in as the digits are typed, saves when the field is left, and saves a day picked in the calendar at once', async () => {
    const { save } = renderField('date_of_birth', { date_of_birth: '2013-05-01' });
    const input = screen.getByRole('textbox', { name: /Date of Birth/ });
    await userEvent.clear(input);
    await userEvent.type(input, '20140917');
    expect(input).toHaveValue('2014-09-17');
    expect(save).not.toHaveBeenCalled();
    await userEvent.tab();
    expect(save).toHaveBeenLastCalledWith(expect.objectContaining({ date_of_birth: '2014-09-17' }));
    fireEvent.input(input.parentElement!.querySelector('input[type="date"]')!, { target: { value: '2014-09-18' } });
    expect(input).toHaveValue('2014-09-18');
    await vi.waitFor(() => expect(save).toHaveBeenLastCalledWith(expect.objectContaining({ date_of_birth: '2014-09-18' })));
  });

  it('sends nothing for a date typed only in part, says so, and keeps what was typed', async () => {
    const { save } = renderField('permit_issue_date', { immigration_permit: 1, permit_issue_date: '2024-01-15' });
    const input = screen.getByRole('textbox', { name: 'Permit Issue Date' });
    await userEvent.clear(input);
    await userEvent.type(input, '202401');
    await userEvent.tab();
    expect(await screen.findByText(messages.invalidDate)).toBeInTheDocument();
    expect(input).toHaveValue('2024-01');
    expect(save).not.toHaveBeenCalled();
  });

  it('turns a health flag into 1 and 0 with a switch', async () => {
    const { save } = renderField('asthma');
    await userEvent.click(screen.getByRole('switch', { name: 'Asthma' }));
    expect(save).toHaveBeenLastCalledWith(expect.objectContaining({ asthma: 1 }));
  });

  it('answers an other-data flag Yes or No', async () => {
    const { save } = renderField('transport');
    const group = screen.getByRole('radiogroup', { name: 'Needs transport' });
    expect(within(group).getByRole('radio', { name: 'No' })).toBeChecked();
    await userEvent.click(within(group).getByRole('radio', { name: 'Yes' }));
    expect(save).toHaveBeenLastCalledWith(expect.objectContaining({ transport: 1 }));
  });

  it('keeps the saving indicator up for about 600 ms before the check mark, even after a fast save', async () => {
    const user = onTestClock();
    renderField('allergy');
    await user.type(screen.getByRole('textbox', { name: 'Allergies' }), 'Dust');
    await user.tab();
    expect(screen.getByLabelText('Saving Allergies')).toBeInTheDocument();
    await passTime(SAVE_INDICATOR_MS - 1);
    expect(screen.getByLabelText('Saving Allergies')).toBeInTheDocument();
    await passTime(1);
    expect(screen.getByTitle('Allergies saved')).toBeInTheDocument();
  });

  it('takes another editor’s value for a field that was focused but not changed, and sends nothing for it', async () => {
    const save = vi.fn(async (record: StudentRecord) => ({ message: 'Saved', record: { ...record, allergy: 'Dust', updatedAt: 'v3' }, progress }));
    const store = new AutosaveStore(registration(), save);
    render(withWizard(store, <FieldInput field={field('allergy')} readOnly={false} />));
    const input = screen.getByRole('textbox', { name: 'Allergies' });
    await userEvent.click(input);
    // Meanwhile a save of another field brings the record another editor changed.
    await act(() => store.commit('transport', 1));
    await waitFor(() => expect(store.getSnapshot().record.allergy).toBe('Dust'));
    expect(input).toHaveValue('');
    await userEvent.tab();
    expect(input).toHaveValue('Dust');
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('shows a red alert icon with a name when the save fails', async () => {
    const store = new AutosaveStore(registration(), async () => {
      throw new ApiError(500, { message: 'Server error' });
    });
    const user = onTestClock();
    render(withWizard(store, <FieldInput field={field('allergy')} readOnly={false} />));
    await user.type(screen.getByRole('textbox', { name: 'Allergies' }), 'Dust');
    await user.tab();
    await passTime();
    expect(screen.getByTitle('Allergies not saved')).toBeInTheDocument();
    expect(store.hasUnsaved).toBe(true);
    store.dispose();
  });

  it('marks a change kept on the device while offline with a clock that says so, never the red mark', async () => {
    const store = new AutosaveStore(registration(), async () => {
      throw new ApiError(0, { message: 'offline' });
    });
    const user = onTestClock();
    render(withWizard(store, <FieldInput field={field('allergy')} readOnly={false} />));
    await user.type(screen.getByRole('textbox', { name: 'Allergies' }), 'Dust');
    await user.tab();
    await passTime();
    expect(screen.getByTitle('Allergies: kept on this device, will be saved when you are online')).toBeInTheDocument();
    expect(screen.queryByTitle('Allergies not saved')).not.toBeInTheDocument();
    // Said in words under the field too (a phone shows no tooltip), which is not an error.
    const input = screen.getByRole('textbox', { name: 'Allergies' });
    expect(input).toHaveAccessibleDescription('Kept on this device — will be saved when you are online.');
    expect(input).not.toHaveAttribute('aria-invalid');
    store.dispose();
  });
});

describe('a phone field of the wizard', () => {
  it('shows the fixed 1868 prefix, opens a numeric keypad and takes only digit keypresses', async () => {
    renderField('phone_home');
    expect(screen.getByText('1868')).toBeInTheDocument();
    const input = screen.getByRole('textbox', { name: 'Home Phone' });
    expect(input).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(input, '62a1-23 b4');
    expect(input).toHaveValue('621234');
  });

  it('stops at seven digits', async () => {
    renderField('phone_home');
    const input = screen.getByRole('textbox', { name: 'Home Phone' });
    await userEvent.type(input, '623123456');
    expect(input).toHaveValue('6231234');
  });

  it('takes a pasted number with its prefix and punctuation as its seven digits', async () => {
    renderField('phone_home');
    const input = screen.getByRole('textbox', { name: 'Home Phone' });
    await userEvent.click(input);
    await userEvent.paste('(1868) 662-1234');
    expect(input).toHaveValue('6621234');
    expect(cleanPastedNumber('+1 868 662 1234')).toBe('6621234');
    expect(cleanPastedNumber('662 12a4')).toBe('66212a4');
  });

  it("answers '7 Digits Needed' for a short number, keeps it in the field and saves nothing", async () => {
    const { save } = renderField('phone_home');
    const input = screen.getByRole('textbox', { name: 'Home Phone' });
    await userEvent.type(input, '62312');
    await userEvent.tab();
    expect(await screen.findByText('7 Digits Needed')).toBeInTheDocument();
    expect(input).toHaveValue('62312');
    expect(input).toHaveAccessibleDescription('7 Digits Needed');
    expect(save).not.toHaveBeenCalled();
  });

  it("answers 'Only Numbers Allowed' when letters are pasted into a family phone", async () => {
    const { save } = renderField('mobile_phone_mother', { living_status: 'Mother Only' });
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
    render(withWizard(store, <FieldInput field={field('phone_home')} readOnly={false} />));
    await user.type(screen.getByRole('textbox', { name: 'Home Phone' }), '6231234');
    await user.tab();
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ phone_home: '6231234', first_name: 'Kezia', updatedAt: '2026-09-01T00:00:00.000Z' }));
    expect(screen.getByLabelText('Saving Home Phone')).toBeInTheDocument();
    await passTime();
    expect(screen.getByTitle('Home Phone saved')).toBeInTheDocument();
  });

  it('is disabled while registration is closed', () => {
    const store = new AutosaveStore(registration(), acceptingSave);
    render(withWizard(store, <FieldInput field={field('phone_home')} readOnly />));
    expect(screen.getByRole('textbox', { name: 'Home Phone' })).toBeDisabled();
  });
});
