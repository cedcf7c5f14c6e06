import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LightSelect, type LightOption } from '../../../src/components/light/light-select.tsx';

const bloodTypes: LightOption[] = ['A-positive', 'AB-negative', 'O-positive'].map((value) => ({ value, label: value }));
const towns: LightOption[] = ['Arima', 'Chaguanas', 'Laventille', 'Port of Spain'].map((value) => ({ value, label: value }));

/** A select holding its own value, telling each choice and each leaving. */
function Held({
  searchable = false,
  options = bloodTypes,
  initial = '',
  onChange = vi.fn(),
  onLeave = vi.fn(),
  ...rest
}: Partial<Parameters<typeof LightSelect>[0]> & { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <LightSelect
        id="field-blood_type"
        label={searchable ? 'Town' : 'Blood Type'}
        value={value}
        options={options}
        searchable={searchable}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
        onLeave={onLeave}
        {...rest}
      />
      <button type="button">Elsewhere</button>
    </>
  );
}

describe('the light select', () => {
  it('is a combobox named by its label, showing the chosen option, its list opened by a click', async () => {
    const onChange = vi.fn();
    render(<Held initial="O-positive" required emptyLabel={undefined} onChange={onChange} />);
    const combobox = screen.getByRole('combobox', { name: 'Blood Type' });
    expect(combobox).toHaveTextContent('O-positive');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(combobox);
    const listbox = screen.getByRole('listbox', { name: 'Blood Type' });
    expect(combobox).toHaveAttribute('aria-expanded', 'true');
    // Focus goes to the chosen option, marked selected.
    expect(within(listbox).getByRole('option', { name: 'O-positive' })).toHaveFocus();
    expect(within(listbox).getByRole('option', { name: 'O-positive' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(within(listbox).getByRole('option', { name: 'AB-negative' }));
    expect(onChange).toHaveBeenCalledWith('AB-negative');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(combobox).toHaveTextContent('AB-negative');
    expect(combobox).toHaveFocus();
  });

  it('is used with the keyboard: Enter opens, the arrows move, Enter chooses, Escape closes without choosing', async () => {
    const onChange = vi.fn();
    render(<Held onChange={onChange} emptyLabel="Not stated" />);
    screen.getByRole('combobox', { name: 'Blood Type' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('option', { name: 'Not stated' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: 'AB-negative' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('option', { name: 'O-positive' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('combobox', { name: 'Blood Type' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith('A-positive');
  });

  it('tells when focus leaves the whole field, not when it moves into its own list', async () => {
    const onLeave = vi.fn();
    render(<Held onLeave={onLeave} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Blood Type' }));
    expect(onLeave).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(onLeave).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('is described by its message and marked invalid, and locked when disabled', async () => {
    const { rerender } = render(
      <LightSelect id="field-x" label="Blood Type" value="" options={bloodTypes} onChange={vi.fn()} error helperText="This field is required." />,
    );
    const combobox = screen.getByRole('combobox', { name: 'Blood Type' });
    expect(combobox).toHaveAttribute('aria-invalid', 'true');
    expect(combobox).toHaveAccessibleDescription('This field is required.');
    rerender(<LightSelect id="field-x" label="Blood Type" value="" options={bloodTypes} onChange={vi.fn()} disabled />);
    expect(combobox).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(combobox);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('searchable, narrows the list as she types, the first match ready for Enter', async () => {
    const onChange = vi.fn();
    render(<Held searchable options={towns} onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Town' });
    await userEvent.type(input, 'I');
    const listbox = screen.getByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Arima', 'Laventille', 'Port of Spain']);
    expect(input).toHaveAttribute('aria-activedescendant', within(listbox).getByRole('option', { name: 'Arima' }).id);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith('Laventille');
    expect(input).toHaveValue('Laventille');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('searchable, shows the chosen town again when she leaves with a half-typed search', async () => {
    const onChange = vi.fn();
    render(<Held searchable options={towns} initial="Arima" onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Town' });
    await userEvent.clear(input);
    await userEvent.type(input, 'Port');
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(input).toHaveValue('Arima');
    expect(onChange).not.toHaveBeenCalled();
  });
});
