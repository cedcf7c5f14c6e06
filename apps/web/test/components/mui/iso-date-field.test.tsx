import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { IsoDateField, UNFINISHED_DATE, type DateSource } from '../../../src/components/mui/iso-date-field.tsx';

/** The field as its callers hold it: the value it gives is the value it is given back. */
function Held({ initial = '', onChange }: { initial?: string; onChange: (value: string, source: DateSource) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <IsoDateField
      label="Starts"
      value={value}
      min="2025-01-01"
      onChange={(next, source) => {
        setValue(next);
        onChange(next, source);
      }}
    />
  );
}

describe('a date typed or picked by staff', () => {
  it('shows typed digits as yyyy-MM-dd and gives back the whole date once it is one', async () => {
    const onChange = vi.fn();
    render(<Held onChange={onChange} />);
    const field = screen.getByRole('textbox', { name: 'Starts' });
    await userEvent.type(field, '202509');
    expect(field).toHaveValue('2025-09');
    expect(onChange).toHaveBeenLastCalledWith(UNFINISHED_DATE, 'typed');
    await userEvent.type(field, '08');
    expect(field).toHaveValue('2025-09-08');
    expect(onChange).toHaveBeenLastCalledWith('2025-09-08', 'typed');
  });

  it('calls a day that is not in the calendar unfinished, and an emptied field empty', async () => {
    const onChange = vi.fn();
    render(<Held initial="2025-09-08" onChange={onChange} />);
    const field = screen.getByRole('textbox', { name: 'Starts' });
    await userEvent.clear(field);
    expect(onChange).toHaveBeenLastCalledWith('', 'typed');
    await userEvent.type(field, '2026-02-30');
    expect(field).toHaveValue('2026-02-30');
    expect(onChange).toHaveBeenLastCalledWith(UNFINISHED_DATE, 'typed');
  });

  it('opens the browser’s calendar from its button and writes the day chosen there the same way', async () => {
    const onChange = vi.fn();
    const { container } = render(<Held onChange={onChange} />);
    const calendar = container.querySelector<HTMLInputElement>('input[type="date"]')!;
    const showPicker = vi.fn();
    calendar.showPicker = showPicker;
    expect(calendar).toHaveAttribute('aria-hidden', 'true');
    expect(calendar).toHaveAttribute('tabindex', '-1');
    expect(calendar).toHaveAttribute('min', '2025-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Choose Starts from a calendar' }));
    expect(showPicker).toHaveBeenCalledTimes(1);
    fireEvent.input(calendar, { target: { value: '2025-10-01' } });
    expect(onChange).toHaveBeenLastCalledWith('2025-10-01', 'picked');
    expect(screen.getByRole('textbox', { name: 'Starts' })).toHaveValue('2025-10-01');
  });

  it('takes the name screen readers hear from its caller when its label would not tell it apart, its calendar button too', () => {
    const { container } = render(<IsoDateField label="Deadline date" ariaLabel="Form 2 deadline" value="" onChange={() => undefined} />);
    expect(screen.getByRole('textbox', { name: 'Form 2 deadline' })).toHaveAttribute('placeholder', 'yyyy-mm-dd');
    // Empty, it shows how to type a date: its label stays above the box.
    expect(container.querySelector('label')).toHaveAttribute('data-shrink', 'true');
    expect(screen.getByRole('button', { name: 'Choose Form 2 deadline from a calendar' })).toBeInTheDocument();
  });
});
