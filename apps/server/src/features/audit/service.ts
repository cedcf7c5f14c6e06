import { Readable } from 'node:stream';
import {
  auditActionInWords,
  auditActionsMatching,
  pageSizes,
  pageWindow,
  type AuditPage,
  type AuditQuery,
  type RecordAccess,
  type RecordReaderRole,
} from '@school/contract';
import type { Deps } from '../../lib/deps.ts';
import { zonedLocalToUtc, zonedTimestamp } from '../../lib/time-zone.ts';
import { CSV_BOM, csvLine } from '../../lib/xlsx/index.ts';
import type { AdminActor, StudentActor } from '../../session/actor.ts';
import { auditRead, studentsHeld } from './audit-log.ts';
import { recordAccessActions, recordAccessWords } from './record-access.ts';
import { presentEntry } from './presenter.ts';
import { auditRepository, type AuditFilters, type AuditRow } from './repository.ts';
import { staffMembersOf } from './staff.ts';

/** Rows the CSV reads from the log at a time: it streams, so a long log never sits in memory whole. */
const CSV_SLICE = 2000;
/** The entries a student's privacy page shows, newest first. */
export const RECORD_ACCESS_LIMIT = 500;

/** The day after a yyyy-MM-dd day. */
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/**
 * The screen's filters in the log's terms: an action typed is the start of its name or words it
 * says ('password' finds every password action); school days become instants (the day's start in
 * the school's time zone, the end day included).
 */
function filtersOf(deps: Deps, query: AuditQuery): AuditFilters {
  const zone = deps.config.schoolTimeZone;
  return {
    staff: query.staff,
    studentId: query.student_id,
    action: query.action === undefined ? undefined : { prefix: query.action, named: auditActionsMatching(query.action) },
    since: query.from ? zonedLocalToUtc(`${query.from}T00:00`, zone) : undefined,
    until: query.to ? zonedLocalToUtc(`${nextDay(query.to)}T00:00`, zone) : undefined,
  };
}

/** The usernames of the staff rows among these. */
const staffNames = (rows: AuditRow[]) => rows.filter((row) => row.actor_kind === 'admin').map((row) => row.actor_id);

/** `GET /api/audit`: one page of the entries that match the filters, newest first (decision 050). */
export async function auditPage(deps: Deps, query: AuditQuery): Promise<AuditPage> {
  const filters = filtersOf(deps, query);
  // A search of the whole log: from the standby while it keeps up (decision 073).
  const db = deps.heavyReads();
  const [rows, total] = await Promise.all([auditRepository.page(db, filters, pageWindow(query.page, pageSizes.auditLog)), auditRepository.count(db, filters)]);
  const staff = await staffMembersOf(db, staffNames(rows));
  return { entries: rows.map((row) => presentEntry(row, staff)), page: query.page, page_size: pageSizes.auditLog, total };
}

/** The screen's columns, the action in the screen's words and by its name, for a spreadsheet's filters. */
const CSV_HEADER = ['When', 'Who', 'Role', 'What', 'Action', 'Student ID', 'From', 'Detail'];

/** The filters as the export's audit row notes them: which entries, never what they hold. */
const filtersNote = (query: AuditQuery) =>
  Object.entries({ staff: query.staff, student: query.student_id, action: query.action, from: query.from, to: query.to })
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name} ${value}`)
    .join(', ') || 'every entry';

/**
 * `GET /api/audit/csv`: every entry that matches the filters, newest first, as CSV (times in the
 * school's time zone, every text formula-safe), read from the log a slice at a time. The export is
 * itself written to the log first.
 */
export async function auditCsv(deps: Deps, actor: AdminActor, query: AuditQuery): Promise<Readable> {
  const filters = filtersOf(deps, query);
  // Read from the standby while it keeps up (decision 073); the export's own audit row goes to the primary.
  const db = deps.heavyReads();
  const students = await auditRepository.studentCount(db, filters);
  await auditRead(deps, actor, { action: 'audit.exported', studentId: query.student_id ?? null, detail: `${filtersNote(query)}: ${studentsHeld(students)}` });
  const zone = deps.config.schoolTimeZone;
  async function* lines() {
    yield CSV_BOM + csvLine(CSV_HEADER);
    let before: number | null = null;
    for (;;) {
      const rows = await auditRepository.slice(db, filters, { before, limit: CSV_SLICE });
      if (rows.length === 0) return;
      const staff = await staffMembersOf(db, staffNames(rows));
      yield rows
        .map((row) => presentEntry(row, staff))
        .map((entry) =>
          csvLine([
            zonedTimestamp(new Date(entry.at), zone),
            entry.actor,
            entry.role,
            auditActionInWords(entry.action),
            entry.action,
            entry.student_id,
            entry.ip,
            entry.detail,
          ]),
        )
        .join('');
      if (rows.length < CSV_SLICE) return;
      before = Number(rows[rows.length - 1].id);
    }
  }
  return Readable.from(lines());
}

/** 'Mrs Joseph (mother)': how a student's privacy page names a guardian who read her record. */
const guardianNamed = (guardian: { display_name: string; relationship: string | null } | undefined) =>
  guardian ? `${guardian.display_name}${guardian.relationship ? ` (${guardian.relationship})` : ''}` : 'A former guardian';

/**
 * `GET /api/my-record-access`: every time staff or one of her guardians viewed or changed the
 * student's registration record, documents, report cards or attendance, newest first: when, who
 * (a staff member's display name and role; a guardian's name and relationship) and what, in words
 * told from the action alone (decisions 050 and 063).
 */
export async function recordAccessOf(deps: Deps, actor: StudentActor): Promise<RecordAccess> {
  const about = (kind: 'admin' | 'guardian') => auditRepository.readerRowsAbout(deps.db, kind, actor.studentId, recordAccessActions, RECORD_ACCESS_LIMIT);
  const count = (kind: 'admin' | 'guardian') => auditRepository.countReaderRowsAbout(deps.db, kind, actor.studentId, recordAccessActions);
  const [staffRows, guardianRows, staffTotal, guardianTotal] = await Promise.all([about('admin'), about('guardian'), count('admin'), count('guardian')]);
  const staffMember = await staffMembersOf(
    deps.db,
    staffRows.map((row) => row.actor_id),
  );
  const guardianIds = [...new Set(guardianRows.map((row) => row.actor_id).filter((id): id is string => Boolean(id)))];
  const guardians = new Map(
    (guardianIds.length ? await auditRepository.guardiansOf(deps.db, actor.studentId, guardianIds) : []).map((guardian) => [guardian.public_id, guardian]),
  );
  type Read = { row: (typeof staffRows)[number]; reader: { display_name: string; role: RecordReaderRole } };
  const rows = [
    ...staffRows.map((row): Read => ({ row, reader: staffMember(row.actor_id) })),
    ...guardianRows.map((row): Read => ({ row, reader: { display_name: guardianNamed(guardians.get(row.actor_id ?? '')), role: 'guardian' } })),
  ]
    .sort((a, b) => Number(b.row.id) - Number(a.row.id))
    .slice(0, RECORD_ACCESS_LIMIT);
  const entries = rows.map(({ row, reader }) => ({
    at: row.at,
    staff: reader.display_name,
    role: reader.role,
    what: recordAccessWords[row.action](row.detail),
  }));
  return { entries, total: staffTotal + guardianTotal, limit: RECORD_ACCESS_LIMIT };
}
