import type { AttendanceRecord } from '@school/contract/responses';
import { useState } from 'react';
import { LightIcon } from './light-icon.tsx';
import { LightPagination } from './light-pagination.tsx';
import { LightTextField } from './light-text-field.tsx';
import { usePhoneWidth } from './use-phone-width.ts';
import { asDashedDate } from '../../lib/format-day.ts';
import './attendance.css';

const HEADERS = ['Date', 'AM', 'PM', 'Late', 'Time In', 'Time Out'];

const time = (value: string | null) => (value ? value.slice(0, 5) : '—');

/** A session's cell: Yes, No, or 'Excused' for an absence an accepted absence note covers (decision 065). */
function Session({ present, excused }: { present: number; excused: boolean }) {
  if (present === 1) return <td>Yes</td>;
  return excused ? <td className="attendance-excused-mark">Excused</td> : <td>No</td>;
}

/** One day. Late rows: dark red on a pale red, 6:1 contrast, and marked in words and with an icon as well. */
function DayRow({ record }: { record: AttendanceRecord }) {
  const late = record.late === 1;
  // A server older than absence notes sends no `excused`.
  const excused = record.excused ?? null;
  return (
    <tr className={late ? 'attendance-late' : undefined} data-late={late ? 'true' : undefined} data-excused={excused ?? undefined}>
      <td className="attendance-date">{record.date_scanned}</td>
      <Session present={record.attendance_am} excused={excused === 'am' || excused === 'both'} />
      <Session present={record.attendance_pm} excused={excused === 'pm' || excused === 'both'} />
      <td>
        {late ? (
          <span className="attendance-late-mark">
            <LightIcon name="warning" size={20} />
            Late
          </span>
        ) : (
          'No'
        )}
      </td>
      <td>{time(record.time_in)}</td>
      <td>{time(record.time_out)}</td>
    </tr>
  );
}

/**
 * The details table (SPEC §2): Date, AM, PM, Late, Time In, Time Out; a 'Search Date' box; pages of
 * 10 on a phone. A session an accepted absence note excuses reads 'Excused' (decision 065).
 */
export function AttendanceTable({ records, headingLevel = 2 }: { records: AttendanceRecord[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const phone = usePhoneWidth();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState<number | null>(null);
  const rowsPerPage = perPage ?? (phone ? 10 : 25);
  const wanted = asDashedDate(search.trim());
  const shown = records.filter((record) => record.date_scanned.includes(wanted));
  const shownPage = Math.min(page, Math.max(0, Math.ceil(shown.length / rowsPerPage) - 1));
  const pageRows = shown.slice(shownPage * rowsPerPage, (shownPage + 1) * rowsPerPage);
  return (
    <section className="light-surface attendance-details">
      <div className="attendance-details-head">
        <Heading className="light-heading">Details</Heading>
        <LightTextField
          label="Search Date"
          placeholder="yyyy-MM-dd or yyyymmdd"
          value={search}
          inputMode="numeric"
          aria-describedby="search-date-help"
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(0);
          }}
        />
      </div>
      <p id="search-date-help" className="light-small light-secondary attendance-help">
        Type a date as 2026-11-03 or 20261103, or part of one (2026-11 for November).
      </p>
      <div className="light-table-scroll" tabIndex={0} role="region" aria-label="Attendance details">
        <table className="light-table" aria-label="Attendance records">
          <thead>
            <tr>
              {HEADERS.map((header) => (
                <th key={header}>{header}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {pageRows.map((record) => (
              <DayRow key={record.date_scanned} record={record} />
            ))}
            {pageRows.length === 0 && (
              <tr>
                <td colSpan={6}>{search ? `No day matches “${search}”.` : 'No days recorded yet.'}</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <LightPagination
        count={shown.length}
        page={shownPage}
        onPageChange={setPage}
        rowsPerPage={rowsPerPage}
        perPageOptions={phone ? [] : [10, 25, 100]}
        perPageLabel="Days per page"
        onRowsPerPageChange={(rows) => {
          setPerPage(rows);
          setPage(0);
        }}
      />
    </section>
  );
}
