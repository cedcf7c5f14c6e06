import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AttendanceRecord } from '@school/contract/responses';
import { AttendanceTable } from '../../../src/components/light/attendance-table.tsx';

const day = (date: string, marks: Partial<Pick<AttendanceRecord, 'attendance_am' | 'attendance_pm' | 'excused'>> = {}): AttendanceRecord => ({
  date_scanned: date,
  attendance_am: 1,
  attendance_pm: 1,
  late: 0,
  time_in: '07:40:00',
  time_out: '15:05:00',
  time_scanned_in: null,
  time_scanned_out: null,
  excused: null,
  ...marks,
});

const shownDates = () =>
  within(screen.getByRole('table', { name: 'Attendance records' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0].textContent);

describe('the attendance details table', () => {
  it('finds a date typed as yyyymmdd, as sign-in teaches, as well as yyyy-MM-dd', async () => {
    render(<AttendanceTable records={[day('2026-11-03'), day('2026-11-04'), day('2026-10-30')]} />);
    const search = screen.getByRole('textbox', { name: 'Search Date' });
    await userEvent.type(search, '20261103');
    expect(shownDates()).toEqual(['2026-11-03']);
    await userEvent.clear(search);
    await userEvent.type(search, '202611');
    expect(shownDates()).toEqual(['2026-11-03', '2026-11-04']);
    await userEvent.clear(search);
    await userEvent.type(search, '2026-10-30');
    expect(shownDates()).toEqual(['2026-10-30']);
  });

  it('shows a session an accepted absence note excuses as Excused, and an absence it does not cover as No', () => {
    render(
      <AttendanceTable
        records={[
          day('2026-11-05', { attendance_am: 0, attendance_pm: 0, excused: 'both' }),
          day('2026-11-04', { attendance_pm: 0, excused: 'pm' }),
          day('2026-11-03', { attendance_am: 0, attendance_pm: 0 }),
        ]}
      />,
    );
    const rows = within(screen.getByRole('table', { name: 'Attendance records' }))
      .getAllByRole('row')
      .slice(1);
    const sessions = rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(1, 3)
        .map((cell) => cell.textContent),
    );
    expect(sessions).toEqual([
      ['Excused', 'Excused'],
      ['Yes', 'Excused'],
      ['No', 'No'],
    ]);
    expect(rows[0]).toHaveAttribute('data-excused', 'both');
    expect(rows[2]).not.toHaveAttribute('data-excused');
  });
});
