import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  messages,
  interruptedImport,
  studentImportColumns,
  type FieldValue,
  type StudentImportAnswer,
  type StudentImportField,
  type StudentImportMode,
} from '@school/contract';
import type { FastifyInstance } from 'fastify';
import type { AdminActor } from '../../session/actor.ts';
import { nowIso, type Executor } from '../../db/database.ts';
import type { Deps } from '../../lib/deps.ts';
import { stoppedWrite } from '../../lib/errors.ts';
import { registerSharedJob } from '../../lib/shared-jobs.ts';
import type { ReceivedFile } from '../../lib/uploads/index.ts';
import { answeredErrors, readSpreadsheet, validateRows, type ImportError } from '../../lib/xlsx/index.ts';
import { writeAudit } from '../audit/index.ts';
import { importColumns, importRowSchema, neededForNewStudents, type ImportRowValues } from './import-rows.ts';
import { importProgress } from './import-progress-repository.ts';
import { importStaging } from './import-staging.ts';
import { adminDataRepository } from './repository.ts';
import { schoolAccountRepository } from '../auth/index.ts';

/** Rows written per transaction: saves of students go between the slices (decision 025). */
const WRITE_SLICE = 25;
/** Rows checked, or planned, in one slice. */
const CHECK_SLICE = 25;
/** IDs looked up per query. */
const LOOKUP_SLICE = 500;
/** Rows shown in the preview. */
const PREVIEW_ROWS = 20;

export type StudentImportInput = {
  file: ReceivedFile;
  mode: StudentImportMode;
  dryRun: boolean;
  /** Field → the file's header, for columns whose headers differ from the template's. */
  mapping: Partial<Record<StudentImportField, string>>;
  /** Awaited between slices of the work, so that other requests are served first; the next turn of the event loop by default. */
  betweenSlices?: () => Promise<void>;
};

/**
 * What a row will do: the record's imported values (those that change, for an update), and her
 * school account when it changes (null removes it; left out, it stays as it is).
 */
type Planned = {
  row: number;
  id: string;
  action: 'insert' | 'update' | 'unchanged';
  values: Record<string, FieldValue>;
  account?: string | null;
  before?: Record<string, FieldValue>;
};

/** The column that is not part of her record: her school account, kept beside it (decision 076). */
const ACCOUNT = 'school_account';

const headerOf = new Map<string, string>(studentImportColumns.map((column) => [column.field, column.header]));

/** Current values of the imported columns of every student the file names. */
async function currentStudents(deps: Deps, ids: string[], columns: readonly string[]) {
  const found = new Map<string, Record<string, FieldValue>>();
  for (let start = 0; start < ids.length; start += LOOKUP_SLICE) {
    for (const row of await adminDataRepository.findStudents(deps.db, ids.slice(start, start + LOOKUP_SLICE), columns)) found.set(row.id, row);
  }
  return found;
}

/**
 * Checks every row against the portal as it is: known classes and houses (a house by code or by
 * name), IDs unique in the file, new students complete, existing IDs refused in insert mode.
 * Answers what each row will do, and every problem.
 */
async function planImport(deps: Deps, input: StudentImportInput, between: () => Promise<void>) {
  const columns = importColumns(input.mapping);
  const read = await readSpreadsheet(input.file, columns);
  const errors: ImportError[] = [...read.errors];
  const valid: ReturnType<typeof validateRows<StudentImportField, typeof importRowSchema>>['valid'] = [];
  for (let start = 0; start < read.rows.length; start += CHECK_SLICE) {
    const checked = validateRows(read.rows.slice(start, start + CHECK_SLICE), columns, importRowSchema);
    valid.push(...checked.valid);
    errors.push(...checked.errors);
    // Students' autosaves go between the slices of a long file's checks.
    await between();
  }
  const headerFor = new Map(columns.map((column) => [column.field, read.headers.find((header) => header.trim() === column.header) ?? column.header]));
  const present = read.present.filter((field): field is Exclude<StudentImportField, 'id'> => field !== 'id');

  const [classes, houses] = await Promise.all([adminDataRepository.formClasses(deps.db), adminDataRepository.houses(deps.db)]);
  const classIds = new Map(classes.map((formClass) => [formClass.id.toUpperCase(), formClass.id]));
  const houseCodes = new Map<string, string>();
  for (const house of houses) houseCodes.set(house.id.toUpperCase(), house.id).set(house.name.toUpperCase(), house.id);

  const ids = [...new Set(valid.map(({ value }) => value.id))];
  const recordColumns = present.filter((field) => field !== ACCOUNT);
  const existing = await currentStudents(deps, ids, recordColumns);
  const accounts = present.includes(ACCOUNT) ? await schoolAccountRepository.ofStudents(deps.db, ids) : new Map<string, string>();
  const accountRows = new Map<string, number>();
  const seen = new Map<string, number>();
  const planned: Planned[] = [];
  for (const [index, { row, value }] of valid.entries()) {
    if (index > 0 && index % CHECK_SLICE === 0) await between();
    const problem = (field: StudentImportField, message: string) => errors.push({ row, column: headerFor.get(field) ?? headerOf.get(field) ?? null, message });
    const firstRow = seen.get(value.id);
    if (firstRow !== undefined) {
      problem('id', `The student ID ${value.id} is also on row ${firstRow}; each student appears once.`);
      continue;
    }
    seen.set(value.id, row);
    const values = rowValues(value, recordColumns);
    const account = present.includes(ACCOUNT) ? (value.school_account ?? null) : undefined;
    if (account) {
      const other = accountRows.get(account);
      if (other !== undefined) problem(ACCOUNT, messages.schoolAccountTwice(account, other));
      else accountRows.set(account, row);
    }
    if (present.includes('class_id') && values.class_id !== null) {
      const classId = classIds.get(String(values.class_id).toUpperCase());
      if (classId) values.class_id = classId;
      else problem('class_id', `There is no class ${values.class_id}.`);
    }
    if (present.includes('house_code') && values.house_code !== null) {
      const code = houseCodes.get(String(values.house_code).toUpperCase());
      if (code) values.house_code = code;
      else problem('house_code', `There is no house ${values.house_code}.`);
    }
    const before = existing.get(value.id);
    if (!before) {
      for (const field of neededForNewStudents) if (!values[field]) problem(field, `A new student needs her ${headerOf.get(field)!.toLowerCase()}.`);
      planned.push({ row, id: value.id, action: 'insert', values, ...(account ? { account } : {}) });
      continue;
    }
    if (input.mode === 'insert') {
      problem('id', `A student with ID ${value.id} is already in the portal; choose "Add or update" to update her.`);
      continue;
    }
    for (const field of neededForNewStudents)
      if (present.includes(field) && !values[field]) problem(field, `The ${headerOf.get(field)!.toLowerCase()} cannot be emptied.`);
    const changed = Object.fromEntries(Object.entries(values).filter(([field, next]) => (before[field] ?? null) !== next));
    const accountChanged = account !== undefined && (accounts.get(value.id) ?? null) !== account;
    planned.push({
      row,
      id: value.id,
      action: Object.keys(changed).length || accountChanged ? 'update' : 'unchanged',
      values: changed,
      ...(accountChanged ? { account } : {}),
      before,
    });
  }
  // An address another student keeps (her row, if any, does not give it up) is refused.
  const holders = await schoolAccountRepository.holders(deps.db, [...accountRows.keys()]);
  const givenUp = new Set(planned.filter((entry) => entry.account !== undefined).map((entry) => entry.id));
  for (const [account, row] of accountRows) {
    const holder = holders.get(account);
    const holderRow = holder === undefined ? undefined : seen.get(holder);
    if (holder === undefined || (holderRow !== undefined && (holderRow === row || givenUp.has(holder)))) continue;
    errors.push({ row, column: headerFor.get(ACCOUNT) ?? headerOf.get(ACCOUNT) ?? null, message: messages.schoolAccountTaken(account, holder) });
  }
  errors.sort((a, b) => a.row - b.row);
  return { planned, errors, headers: read.headers, present };
}

/** The values of the columns the file has (the others are left as they are). */
function rowValues(value: ImportRowValues, present: Array<Exclude<StudentImportField, 'id'>>): Record<string, FieldValue> {
  return Object.fromEntries(present.map((field) => [field, value[field] ?? null]));
}

/** The counts of a plan. */
const countsOf = (planned: Planned[]) => ({
  inserted: planned.filter((entry) => entry.action === 'insert').length,
  updated: planned.filter((entry) => entry.action === 'update').length,
  unchanged: planned.filter((entry) => entry.action === 'unchanged').length,
});

/**
 * Stages the plan a slice at a time, each slice its own short write transaction, so students'
 * autosaves go between them; nothing staged is seen by anyone. Then publishes it in one short
 * transaction with the history row and the audit entry: the import changes everything or nothing,
 * whatever stops it (decision 042). `progress` hears how many rows are staged after each slice.
 */
async function applyPlan(
  deps: Deps,
  importId: number,
  plan: { planned: Planned[]; present: readonly string[] },
  publish: (trx: Executor) => Promise<void>,
  progress: (db: Executor, done: number) => Promise<void>,
  between: () => Promise<void>,
): Promise<void> {
  const { planned } = plan;
  for (let start = 0; start < planned.length; start += WRITE_SLICE) {
    if (start > 0) await between();
    const end = Math.min(start + WRITE_SLICE, planned.length);
    const slice = planned.slice(start, end).filter((entry): entry is Planned & { action: 'insert' | 'update' } => entry.action !== 'unchanged');
    await deps.writeTransaction(async (trx) => {
      await importStaging.stage(trx, importId, slice);
      await progress(trx, end);
    });
  }
  await between();
  await deps.writeTransaction(async (trx) => {
    await importStaging.publish(trx, importId, plan.present, nowIso());
    await publish(trx);
  });
}

/**
 * Import Students (SPEC §2): checks the whole file first; a dry run or a file with any problem
 * changes nothing. Otherwise new students are added with accounts whose first password is the
 * date of birth (password_reset = 1, no hash to compute), and existing ones (upsert) get only the
 * imported columns that differ. Recorded in the history and the audit log.
 */
export async function importStudents(deps: Deps, actor: AdminActor, input: StudentImportInput): Promise<StudentImportAnswer> {
  const between = input.betweenSlices ?? (() => nextTurn());
  const { planned, errors, headers, present } = await planImport(deps, input, between);
  const counts = countsOf(planned);
  const preview = planned.slice(0, PREVIEW_ROWS).map((entry) => ({
    Row: entry.row,
    'Student ID': entry.id,
    Action:
      entry.action === 'insert'
        ? 'Add'
        : entry.action === 'update'
          ? `Update ${[...Object.keys(entry.values), ...(entry.account !== undefined ? [ACCOUNT] : [])].map((field) => headerOf.get(field)).join(', ')}`
          : 'No change',
  }));
  const answer = { dry_run: input.dryRun, ...counts, headers, preview, ...answeredErrors(errors) };
  if (input.dryRun || errors.length > 0) return answer;

  const importId = await importStaging.begin(deps.db, { at: nowIso(), admin: actor.name, adminId: actor.adminId, fileName: input.file.name, mode: input.mode });
  let published = false;
  try {
    await importProgress.report(deps.db, actor.adminId, 0, planned.length);
    await applyPlan(
      deps,
      importId,
      { planned, present },
      async (trx) => {
        await importStaging.done(trx, importId, counts);
        await writeAudit(trx, actor, {
          action: 'students.imported',
          detail: `${input.file.name} (${input.mode}): ${counts.inserted} added, ${counts.updated} updated, ${counts.unchanged} unchanged`,
        });
        published = true;
      },
      (db, done) => importProgress.report(db, actor.adminId, done, planned.length),
      between,
    );
  } catch (error) {
    throw stoppedWrite(error, messages.importStopped, { taken: messages.importTaken, otherwise: messages.importRowNotWritten });
  } finally {
    // Failing to tidy up must not hide how the import went: the sweep marks an import left running as interrupted.
    if (!published) await importStaging.discard(deps.db, importId).catch(() => undefined);
    importStaging.release(importId);
    await importProgress.end(deps.db, actor.adminId).catch(() => undefined);
  }
  return answer;
}

/** How far the admin's own running import has got (polled by the screen while it is applied), and whether her latest one was interrupted. */
export async function studentImportProgress(deps: Pick<Deps, 'db'>, actor: AdminActor) {
  const progress = await importProgress.of(deps.db, actor.adminId);
  if (progress.running) return progress;
  const last = await adminDataRepository.lastImport(deps.db, actor.adminId);
  return last?.outcome === 'interrupted' ? { ...progress, last: interruptedImport } : progress;
}

/** Past imports, newest first. */
export async function studentImportHistory(deps: Deps) {
  return (await adminDataRepository.importHistory(deps.db, 100)).map((entry) => ({
    id: entry.id,
    at: entry.at,
    admin: entry.admin,
    file_name: entry.file_name,
    mode: entry.mode,
    inserted: entry.inserted,
    updated: entry.updated,
    unchanged: entry.unchanged,
    outcome: entry.outcome === 'interrupted' ? interruptedImport : ('imported' as const),
  }));
}

/** How often the servers look for imports whose process ended mid-way. */
const SWEEP_EVERY_MS = 60 * 1000;

/**
 * Marks as interrupted every import whose process ended before its publish (a kill, a crash, a
 * lost database): when the app is ready, and every minute while it serves, by one server of
 * several each minute (decision 042; `registerSharedJob`, decision 047).
 */
export function sweepInterruptedImports(app: FastifyInstance): void {
  const sweep = async () => {
    const swept = await importStaging.sweep(app.deps.db, { singleProcess: app.deps.dialect === 'sqlite' });
    if (swept > 0) app.log.warn(`${swept} student import(s) were interrupted before they were published; nothing of them was changed.`);
  };
  app.addHook('onReady', sweep);
  registerSharedJob(app, { name: 'interrupted imports', everyMs: SWEEP_EVERY_MS, run: sweep, failure: 'The sweep of interrupted imports failed' });
}
