import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LightRadioGroup } from '../../../src/components/light/light-radio.tsx';

const yesNo = [
  { value: '1', label: 'Yes' },
  { value: '0', label: 'No' },
];

describe('the light radio group', () => {
  it('is a radio group named by its question, answered by a click or the arrow keys', async () => {
    const onChange = vi.fn();
    render(<LightRadioGroup id="field-transport" label="Needs transport" value="0" options={yesNo} onChange={onChange} />);
    const group = screen.getByRole('radiogroup', { name: 'Needs transport' });
    expect(within(group).getByRole('radio', { name: 'No' })).toBeChecked();
    await userEvent.click(within(group).getByRole('radio', { name: 'Yes' }));
    expect(onChange).toHaveBeenLastCalledWith('1');
    within(group).getByRole('radio', { name: 'No' }).focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(onChange).toHaveBeenLastCalledWith('1');
  });

  it('locks every answer when disabled', () => {
    render(<LightRadioGroup id="field-transport" label="Needs transport" value="0" options={yesNo} onChange={vi.fn()} disabled />);
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
  });
});
