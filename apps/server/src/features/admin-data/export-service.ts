import type { Readable } from 'node:stream';
import type { AdminActor } from '../../session/actor.ts';
import type { Deps } from '../../lib/deps.ts';
import { zonedTimestamp } from '../../lib/time-zone.ts';
import { workbookStream, type SheetColumn, type SheetSpec } from '../../lib/xlsx/index.ts';
import { studentsHeld, writeAudit } from '../audit/index.ts';
import { referenceLabels } from '../reference/index.ts';
import { currentSchoolYear } from '../school-year/index.ts';
import { adminDataRepository, type PageEnd, type StudentWithProgress } from './repository.ts';
import { registrationColumns } from './student-columns.ts';

/** Rows fetched per query while a sheet is written. */
const PAGE_SIZE = 500;

/**
 * Every student (of one form level, or of one class) in class order, a page at a time: only one
 * page is in memory, and the database is free between pages (decision 024). `columns` reads only
 * those columns of each record (with her ID, class and progress); `lastYear` adds her registration
 * kept at the end of that year; `withLeavers` adds the students who have left (decision 069).
 */
export async function* studentsInClassOrder(
  deps: Pick<Deps, 'db'>,
  filter: { formLevel?: number; classId?: string; columns?: readonly string[]; lastYear?: number; withLeavers?: boolean } = {},
): AsyncGenerator<StudentWithProgress> {
  let after: PageEnd | undefined;
  for (;;) {
    const page = await adminDataRepository.studentsPage(deps.db, { ...filter, after, limit: PAGE_SIZE });
    yield* page;
    if (page.length < PAGE_SIZE) return;
    const last = page[page.length - 1];
    after = { classId: (last.class_id as string | null) ?? '', id: last.id };
  }
}

/** The last column of a spreadsheet that includes students who have left: the day each left, empty for the others. */
const leftOnColumn: SheetColumn<StudentWithProgress> = { header: 'Left the School On', type: 'date', value: (row) => row.left_on, width: 18 };

/**
 * The registration spreadsheet (SPEC §2 Export Data): a sheet with every student at the school
 * (with `withLeavers`, those who have left too, and the day each left), then one per form level,
 * each with every field of SPEC §3 under the wizard's labels and the fields each changed since
 * last year's registration was kept. Streamed as it is written; the export is recorded in the audit log.
 */
export async function registrationSpreadsheet(deps: Deps, actor: AdminActor, { withLeavers = false } = {}): Promise<Readable> {
  // Every sheet is read from one place, the standby while it keeps up (decision 073); the audit row goes to the primary.
  const reads = { db: deps.heavyReads() };
  const [names, levels, counts, year] = await Promise.all([
    referenceLabels(reads),
    adminDataRepository.formLevels(reads.db),
    adminDataRepository.studentCounts(reads.db),
    currentSchoolYear(reads.db),
  ]);
  const columns = [
    ...registrationColumns(names, (iso) => zonedTimestamp(new Date(iso), deps.config.schoolTimeZone).slice(0, 16)),
    ...(withLeavers ? [leftOnColumn] : []),
  ];
  const count = counts.atSchool + (withLeavers ? counts.leavers : 0);
  await writeAudit(deps.db, actor, {
    action: 'registration-data.exported',
    detail: `every student${withLeavers ? ', those who have left included' : ''}, every field: ${studentsHeld(count)}`,
  });
  const sheets: Array<SheetSpec<StudentWithProgress>> = [
    { name: 'All Students', columns, rows: studentsInClassOrder(reads, { lastYear: year - 1, withLeavers }) },
    // Her changes since last year are worked out on the first sheet; her form's sheet looks them up (`registrationColumns`).
    ...levels.map((formLevel) => ({ name: `Form ${formLevel}`, columns, rows: studentsInClassOrder(reads, { formLevel, withLeavers }) })),
  ];
  return workbookStream(sheets);
}
