import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@school/contract/messages';
import { CALL_TIMEOUT_MS } from '../../../src/api/client.ts';
import { AttendanceView } from '../../../src/components/light/attendance-view.tsx';
import { AttendanceWithNotes } from '../../../src/components/light/attendance-with-notes.tsx';
import { json, renderWithQueries, stubFetch } from '../../http.tsx';

const base = {
  student_id: '20260001',
  first_name: 'Kezia',
  last_name: 'Ramdial',
  class_id: '1A',
  term: '1',
  year: 2026,
  term_start: '2026-09-07',
  term_end: '2026-12-11',
};
const day = (date: string, late = 0) => ({
  date_scanned: date,
  attendance_am: 1,
  attendance_pm: 1,
  late,
  time_in: late ? '08:14:00' : '07:40:00',
  time_out: '15:05:00',
  time_scanned_in: null,
  time_scanned_out: null,
});

afterEach(() => vi.unstubAllGlobals());

describe('the attendance screen', () => {
  it('shows the title with name, term, ID and class, both percentages by SPEC §5, and late rows marked in words', async () => {
    stubFetch(() =>
      json({ ...base, possible_attendance: 8, attendance: 6, lates: 1, attendance_records: [day('2026-09-09'), day('2026-09-08', 1), day('2026-09-07')] }),
    );
    renderWithQueries(<AttendanceView studentId="20260001" />);
    expect(await screen.findByText('Kezia Ramdial')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Student Attendance Records' })).toBeInTheDocument();
    for (const text of ['Michaelmas Term 2026-2027', '20260001', '1A', 'Present: 6', 'Absent: 2', 'Excused: 0', 'Late: 1'])
      expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Attendance: 75%. Present: 6, Absent: 2, Excused: 0.' })).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Punctual: 83%. Late: 1.' })).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Attendance records' })).getAllByRole('row');
    expect(rows[2]).toHaveTextContent('2026-09-08YesYesLate08:1415:05');
    expect(rows[2]).toHaveAttribute('data-late', 'true');
    expect(rows[1]).not.toHaveAttribute('data-late');

    await userEvent.type(screen.getByRole('textbox', { name: 'Search Date' }), '09-07');
    expect(within(screen.getByRole('table', { name: 'Attendance records' })).getAllByRole('row')).toHaveLength(2);
  });

  it('counts absences an accepted absence note excuses apart from the others, keeping the spec’s words', async () => {
    const excusedDay = { ...day('2026-09-09'), attendance_am: 0, attendance_pm: 0, time_in: null, time_out: null, excused: 'both' };
    stubFetch(() =>
      json({ ...base, possible_attendance: 8, attendance: 4, lates: 0, excused: 2, attendance_records: [excusedDay, day('2026-09-08'), day('2026-09-07')] }),
    );
    renderWithQueries(<AttendanceView studentId="20260001" />);
    expect(await screen.findByRole('figure', { name: 'Attendance: 50%. Present: 4, Absent: 2, Excused: 2.' })).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Attendance records' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('2026-09-09ExcusedExcusedNo——');
  });

  it('shows 0 % and a kind word to a student with no records yet', async () => {
    stubFetch(() => json({ ...base, possible_attendance: 10, attendance: 0, lates: 0, attendance_records: [] }));
    renderWithQueries(<AttendanceView studentId="20260001" />);
    expect(await screen.findByRole('figure', { name: 'Attendance: 0%. Present: 0, Absent: 10, Excused: 0.' })).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Punctual: 0%. Late: 0.' })).toBeInTheDocument();
    expect(screen.getByText(/No attendance has been recorded yet this term/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says so kindly when the attendance cannot be loaded', async () => {
    stubFetch(() => json({ message: 'Something went wrong on our side. Please try again.' }, 500));
    renderWithQueries(<AttendanceView studentId="20260001" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Attendance could not be loaded just now.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('the attendance screen on a slow or failing network', () => {
  afterEach(() => vi.useRealTimers());

  it('shows its title and a spinner at once while the call is out, and after 30 s without an answer a kind message and Try again', async () => {
    vi.useFakeTimers();
    // A server that never answers: the call ends only when the client gives it up.
    stubFetch(
      (call) =>
        new Promise<Response>((_, reject) => call.signal?.addEventListener('abort', () => reject(new DOMException('The call was given up.', 'AbortError')))),
    );
    renderWithQueries(<AttendanceView studentId="20260001" />);
    await vi.advanceTimersByTimeAsync(100);
    expect(screen.getByRole('heading', { level: 1, name: 'Student Attendance Records' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Loading attendance' })).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(CALL_TIMEOUT_MS - 200);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(200);
    expect(screen.getByRole('alert')).toHaveTextContent(messages.timedOut);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says the portal could not be reached when the network fails, and Try again loads the screen', async () => {
    let offline = true;
    stubFetch(() =>
      offline ? Promise.reject(new TypeError('Failed to fetch')) : json({ ...base, possible_attendance: 2, attendance: 2, lates: 0, attendance_records: [] }),
    );
    renderWithQueries(<AttendanceView studentId="20260001" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.unreachable);
    offline = false;
    expect(screen.getByRole('heading', { level: 1, name: 'Student Attendance Records' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Present: 2')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('draws her absence notes under her attendance only once it has come, so that nothing is pushed down as it arrives', async () => {
    let answerAttendance: (response: Response) => void = () => undefined;
    const attendance = new Promise<Response>((resolve) => (answerAttendance = resolve));
    const calls = stubFetch((call) => (call.url.startsWith('/api/absence-notes') ? json({ items: [], total: 0, pending: 0, may_send: true }) : attendance));
    renderWithQueries(<AttendanceWithNotes studentId="20260001" ownNotes />);
    expect(await screen.findByRole('progressbar', { name: 'Loading attendance' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Absence Notes' })).not.toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual(['/api/student-attendance/20260001']);
    answerAttendance(json({ ...base, possible_attendance: 0, attendance: 0, lates: 0, attendance_records: [] }));
    expect(await screen.findByRole('heading', { name: 'Absence Notes' })).toBeInTheDocument();
    expect(screen.getByText('Kezia Ramdial')).toBeInTheDocument();
  });
});
