import type { RegistrationWindow } from '@school/contract/responses';
import { academicYearLabel } from '@school/contract';
import type { RegistrationStatusTable } from '../../db/schema.ts';
import { zonedDay, zonedTimestamp } from '../../lib/time-zone.ts';

export type { RegistrationWindow };

/** The deadline as the school's clock shows it, as every moment is written (SPEC §9): '2026-09-25 16:00:00'. */
export const formatDeadline = (deadline: string, timeZone: string): string => zonedTimestamp(new Date(deadline), timeZone);

/** The school year a date falls in (SPEC §9, 'year-nextyear'): September starts a new one. */
export function academicYear(now: Date, timeZone: string): string {
  const [year, month] = zonedDay(now, timeZone).split('-').map(Number);
  return academicYearLabel(month >= 9 ? year : year - 1);
}

/**
 * SPEC §4: editing is enabled only while open = 1 and either no deadline is set or the present
 * time is before it. A form level with no status row counts as closed. The year registered for is
 * the school's stored year (`schoolYear`, decision 045) when the caller read it, else the date's.
 */
export function registrationWindow(status: RegistrationStatusTable | undefined, timeZone: string, now = new Date(), schoolYear?: number): RegistrationWindow {
  const academic_year = schoolYear === undefined ? academicYear(now, timeZone) : academicYearLabel(schoolYear);
  if (!status) {
    return {
      academic_year,
      form_level: null,
      open: 0,
      deadline: null,
      editable: false,
      message: 'Registration is not open for your class. Your record can be viewed but not changed.',
    };
  }
  const base = { academic_year, form_level: status.form_level, open: status.open, deadline: status.deadline };
  if (status.open !== 1) {
    return { ...base, editable: false, message: `Registration for Form ${status.form_level} is closed. Your record can be viewed but not changed.` };
  }
  if (status.deadline && now.getTime() >= Date.parse(status.deadline)) {
    return {
      ...base,
      editable: false,
      message: `Registration for Form ${status.form_level} closed on ${formatDeadline(status.deadline, timeZone)}. Your record can be viewed but not changed.`,
    };
  }
  return {
    ...base,
    editable: true,
    message: status.deadline ? `Registration is open until ${formatDeadline(status.deadline, timeZone)}.` : 'Registration is open.',
  };
}
