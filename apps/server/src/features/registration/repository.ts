import { progressFlagKeys, progressFlags, studentColumns, studentFields, type FieldValue } from '@school/contract';
import { CompiledQuery, sql, type Compilable, type Insertable, type RawBuilder, type Selectable } from 'kysely';
import type { SessionWithAdmin } from '../../session/actor.ts';
import { sessionQuery } from '../../session/session-repository.ts';
import { readSessionAlone, type SessionReader } from '../../session/sessions.ts';
import { batchedByKey, batchedWrites } from '../../db/batched-statements.ts';
import { compiledOnce, compiledPerShape } from '../../db/compiled-once.ts';
import { rowMaker } from '../../db/row-maker.ts';
import type { DialectName, Executor } from '../../db/database.ts';
import type { AuditLogTable, FormProgressTable, RegistrationStatusTable } from '../../db/schema.ts';

export type StudentRow = { id: string; created_at: string; updated_at: string } & Record<string, FieldValue>;
export type ProgressFlags = Omit<FormProgressTable, 'student_id' | 'health_data_saved'>;
/** The progress row: the spec's flags and whether Health Data was saved (decision 026). */
export type ProgressRow = ProgressFlags & { health_data_saved: number };

/** The record's own columns a change writes: nothing else reaches the UPDATE. */
const recordColumnsOf = (change: SaveChange) => Object.keys(change.values).filter((column) => studentColumns.includes(column));

const progressColumns = [...progressFlagKeys, 'health_data_saved'] as const;

/**
 * What a save needs to know, in one read: the record, its form's registration window and its
 * progress row (the window's and progress's columns prefixed). Three reads cost three round trips
 * to PostgreSQL on every autosave.
 */
const findForSaveQuery = (db: Executor, id: string | RawBuilder<string> = '') =>
  db
    .selectFrom('students')
    .leftJoin('form_classes', 'form_classes.id', 'students.class_id')
    .leftJoin('registration_status', 'registration_status.form_level', 'form_classes.form_level')
    .leftJoin('form_progress', 'form_progress.student_id', 'students.id')
    .selectAll('students')
    .select([
      'registration_status.form_level as window_form_level',
      'registration_status.open as window_open',
      'registration_status.deadline as window_deadline',
      'registration_status.updated_at as window_updated_at',
      'form_progress.student_id as progress_student_id',
      ...progressColumns.map((column) => `form_progress.${column} as progress_${column}` as const),
    ])
    .where('students.id', '=', id);
const runFindForSave = compiledOnce<Record<string, FieldValue>>(findForSaveQuery);

/** The record's integer columns (its flags and the agreement); every other column is text (migration 001). */
export const integerStudentColumns = new Set([...studentFields.filter((field) => field.kind === 'flag').map((field) => field.name), 'agree_terms_conditions']);

/** The columns of `findForSaveQuery`'s row, in the order PostgreSQL sends them as an array, and those that are integers. */
const foundColumns = [
  'id',
  'created_at',
  'updated_at',
  ...studentColumns,
  'window_form_level',
  'window_open',
  'window_deadline',
  'window_updated_at',
  'progress_student_id',
  ...progressColumns.map((column) => `progress_${column}`),
];
const foundIntegers = new Set([...integerStudentColumns, 'window_form_level', 'window_open', ...progressColumns.map((column) => `progress_${column}`)]);
const makeFound = rowMaker(foundColumns, foundIntegers);
/**
 * On PostgreSQL, the same row as one JSON array of its values as text, made into the row by
 * `makeFound`. With some 180 columns, the driver's work on the row's description (sent with every
 * answer) and on each column was a tenth of an autosave's processor time; `row_to_json` cost
 * PostgreSQL twice what the array does, writing every column's name in every row.
 */
const foundAsArray = sql<Array<string | null>>`to_json(array[${sql.join(foundColumns.map((column) => sql`${sql.ref(`found.${column}`)}::text`))}])`;
const runFindForSavesAsArrays = compiledOnce<{ found: Array<string | null> }>((db) =>
  db.selectFrom(findForSaveQuery(db, sql<string>`any(${[]}::text[])`).as('found')).select(foundAsArray.as('found')),
);
/** On PostgreSQL, the records of the saves that arrive together, in one statement (`batchedByKey`). */
const findForSaveBatched = batchedByKey<Record<string, FieldValue>>(
  async (db, ids) => (await runFindForSavesAsArrays(db, 'postgres', [ids])).map((row) => makeFound(row.found) as Record<string, FieldValue>),
  (row) => String(row.id),
);

/**
 * On PostgreSQL, the sessions of the autosaves that arrive together, each with its student's
 * record as `findForSave` reads it (none for an admin's session), in one statement: a student's
 * autosave is of her own record, so it need not wait for its session to ask for it.
 */
const runSessionsWithRecords = compiledOnce<SessionWithAdmin & { found: Array<string | null> | null }>((db) =>
  sessionQuery(db)
    .select((eb) =>
      eb
        .selectFrom(findForSaveQuery(db, sql<string>`${sql.ref('sessions.student_id')}`).as('found'))
        .select(foundAsArray.as('found'))
        .as('found'),
    )
    .where(sql<boolean>`sessions.id_hash = any(${[]}::text[])`),
);
const findSessionsWithRecordsBatched = batchedByKey(
  (db, hashes) => runSessionsWithRecords(db, 'postgres', [hashes]),
  (row) => row.id_hash,
);

/** What a save writes (see `registrationRepository.saveChanges`). */
export type SaveChange = {
  id: string;
  expectedUpdatedAt: string;
  values: Record<string, FieldValue>;
  updatedAt: string;
  progress: ProgressRow | null;
  audit: Insertable<AuditLogTable>;
};

const auditColumns = ['at', 'actor_kind', 'actor_id', 'action', 'student_id', 'ip', 'detail', 'request_id'] as const;

/** The UPDATE of a save's columns and version, if the version is the one expected, answering the row's id when written. */
const updateStudentQuery = (db: Executor, change: SaveChange, columns: string[]) =>
  db
    .updateTable('students')
    .set({ ...Object.fromEntries(columns.map((column) => [column, change.values[column]])), updated_at: change.updatedAt })
    .where('id', '=', change.id)
    .where('updated_at', '=', change.expectedUpdatedAt)
    .returning('id');
/** `updateStudentQuery`'s parameters, in its order. */
const updateParameters = (change: SaveChange, columns: string[]) => [
  ...columns.map((column) => change.values[column]),
  change.updatedAt,
  change.id,
  change.expectedUpdatedAt,
];

/** On PostgreSQL, one statement: the UPDATE, the progress row when a flag moved, and the audit row, each only if the UPDATE wrote. */
const saveStatementQuery = (db: Executor, change: SaveChange, columns: string[]) => {
  const { progress, audit } = change;
  return db
    .with('saved', () => updateStudentQuery(db, change, columns))
    .with('progress', (q) =>
      q
        .insertInto('form_progress')
        .columns(['student_id', ...progressColumns])
        .expression((eb) =>
          eb
            .selectFrom('saved')
            .select(['saved.id as student_id', ...progressColumns.map((column) => sql<number>`${progress?.[column] ?? 0}::integer`.as(column))])
            // No row, and so no write, when no flag moved.
            .where(sql<boolean>`${progress !== null}`),
        )
        .onConflict((conflict) =>
          conflict.column('student_id').doUpdateSet((eb) => Object.fromEntries(progressColumns.map((column) => [column, eb.ref(`excluded.${column}`)]))),
        )
        .returning('student_id'),
    )
    .insertInto('audit_log')
    .columns([...auditColumns])
    .expression((eb) => eb.selectFrom('saved').select(auditColumns.map((column) => sql<string>`${audit[column] ?? null}::text`.as(column))))
    .returning('id');
};
/** `saveStatementQuery`'s parameters, in its order. */
const saveStatementParameters = (change: SaveChange, columns: string[]) => [
  ...updateParameters(change, columns),
  ...progressColumns.map((column) => change.progress?.[column] ?? 0),
  change.progress !== null,
  ...auditColumns.map((column) => change.audit[column] ?? null),
];

/** A change with every column of `columns` set, to build a shape's statement from (its values are replaced at each run). */
const shapeOf = (columns: string[]): SaveChange => ({
  id: '',
  expectedUpdatedAt: '',
  values: Object.fromEntries(columns.map((column) => [column, ''])),
  updatedAt: '',
  progress: null,
  audit: { at: '', actor_kind: 'system', action: '' },
});
const runUpdateStudent = compiledPerShape<{ id: string }, string[]>((db, columns) => updateStudentQuery(db, shapeOf(columns), columns));
const runSaveStatement = compiledPerShape<{ id: number }, string[]>((db, columns) => saveStatementQuery(db, shapeOf(columns), columns));
const runInsertAudit = compiledOnce<never>((db) =>
  db.insertInto('audit_log').values(Object.fromEntries(auditColumns.map((column) => [column, ''])) as Insertable<AuditLogTable>),
);

const quoted = (name: string) => `"${name}"`;

/** A record column set from the save's changes, or kept as stored when the save did not change it. */
const columnFromChanges = (column: string) =>
  `${quoted(column)} = case when i.changes ? '${column}' then (i.changes->>'${column}')${integerStudentColumns.has(column) ? '::integer' : ''} else s.${quoted(column)} end`;

/**
 * On PostgreSQL, the saves that arrive together in one statement: each save's change, progress
 * and audit row go as one JSON array, and each save is written only if its version is still the
 * one it expects, as alone. The UPDATE names only `columns`, those that some save of the group
 * changed; a column a save did not change keeps its stored value. Setting every column of the
 * record from its JSON cost PostgreSQL four times as much as these few.
 */
const saveManyText = (columns: string[]) =>
  [
    'with input as (select * from jsonb_to_recordset($1::jsonb) as i(id text, expected text, updated_at text, changes jsonb, progress jsonb, audit jsonb)),',
    `saved as (update students as s set ${[...columns.map(columnFromChanges), 'updated_at = i.updated_at'].join(', ')}`,
    // The planner takes the input for a hundred rows and would scan every record; the id list sends it to the key's index.
    '  from input as i where s.id = any(array(select id from input)) and s.id = i.id and s.updated_at = i.expected returning s.id),',
    `progress as (insert into form_progress (student_id, ${progressColumns.map(quoted).join(', ')})`,
    `  select i.id, ${progressColumns.map((column) => `p.${quoted(column)}`).join(', ')} from input as i join saved on saved.id = i.id`,
    "  cross join lateral jsonb_populate_record(null::form_progress, i.progress) as p where jsonb_typeof(i.progress) = 'object'",
    `  on conflict (student_id) do update set ${progressColumns.map((column) => `${quoted(column)} = excluded.${quoted(column)}`).join(', ')}),`,
    `audit as (insert into audit_log (${auditColumns.join(', ')})`,
    `  select ${auditColumns.map((column) => `a.${column}`).join(', ')} from input as i join saved on saved.id = i.id`,
    '  cross join lateral jsonb_populate_record(null::audit_log, i.audit) as a)',
    'select id from saved',
  ].join('\n');

/** A save as `saveManyText` takes it. */
const saveAsJson = (change: SaveChange) => ({
  id: change.id,
  expected: change.expectedUpdatedAt,
  updated_at: change.updatedAt,
  changes: Object.fromEntries(recordColumnsOf(change).map((column) => [column, change.values[column]])),
  progress: change.progress,
  audit: change.audit,
});

/** On PostgreSQL, the saves of different records in one statement (`saveManyText`): whether each was written, in their order. */
export async function saveTogether(db: Executor, changes: SaveChange[]): Promise<boolean[]> {
  const saves = changes.map(saveAsJson);
  // In the record's own order, so that the same columns always make the same text.
  const changed = new Set(saves.flatMap((save) => Object.keys(save.changes)));
  const columns = studentColumns.filter((column) => changed.has(column));
  const { rows } = await db.executeQuery<{ id: string }>(CompiledQuery.raw(saveManyText(columns), [JSON.stringify(saves)]));
  const written = new Set(rows.map((row) => row.id));
  return changes.map((change) => written.has(change.id));
}

/** On PostgreSQL, a save's one statement; the saves that arrive together share one (`batchedWrites`). */
const saveOnPostgres = batchedWrites<SaveChange, boolean>(
  async (db, change) => {
    const columns = recordColumnsOf(change);
    return (await runSaveStatement(db, 'postgres', columns, columns.join(','), saveStatementParameters(change, columns))).length === 1;
  },
  (db, changes) => saveTogether(db, changes),
  (change) => change.id,
);

/** The statements of a save and their parameters, built for `change` as each run would (for the test that they agree). */
export const saveStatementsFor = (db: Executor, change: SaveChange) => {
  const columns = recordColumnsOf(change);
  const statement = (
    query: (db: Executor, change: SaveChange, columns: string[]) => Compilable<unknown>,
    parameters: (change: SaveChange, columns: string[]) => unknown[],
  ) => ({
    compiled: query(db, change, columns).compile(),
    shapeSql: query(db, shapeOf(columns), columns).compile().sql,
    parameters: parameters(change, columns),
  });
  return { update: statement(updateStudentQuery, updateParameters), statement: statement(saveStatementQuery, saveStatementParameters) };
};

/** What a save reads of a record: the record, its form's registration window and its progress row. */
export type FoundForSave = { student: StudentRow; status: RegistrationStatusTable | undefined; progress: ProgressRow | undefined };

/** `findForSaveQuery`'s row made into what a save reads. */
function foundForSave(row: Record<string, FieldValue>): FoundForSave {
  // The row is the record; the window's and progress's columns beside it go unread by the presenters.
  const status =
    row.window_form_level === null
      ? undefined
      : {
          form_level: Number(row.window_form_level),
          open: Number(row.window_open),
          deadline: row.window_deadline as string | null,
          updated_at: String(row.window_updated_at),
        };
  const progress =
    row.progress_student_id === null
      ? undefined
      : (Object.fromEntries(progressColumns.map((column) => [column, Number(row[`progress_${column}`])])) as ProgressRow);
  return { student: row as StudentRow, status, progress };
}

export const registrationRepository = {
  findStudent(db: Executor, id: string): Promise<StudentRow | undefined> {
    return db.selectFrom('students').selectAll().where('id', '=', id).executeTakeFirst() as Promise<StudentRow | undefined>;
  },

  /** The record with its registration window and progress row, for a save (see `findForSaveQuery`). */
  async findForSave(db: Executor, dialect: DialectName, id: string): Promise<FoundForSave | undefined> {
    const row = dialect === 'postgres' ? await findForSaveBatched(db, id) : (await runFindForSave(db, dialect, [id]))[0];
    return row && foundForSave(row);
  },

  /**
   * The caller's session, with her record for a save when she is a student (`SessionReader`): on
   * PostgreSQL in one statement (`runSessionsWithRecords`); on SQLite the session alone, since
   * the save reads the record inside its transaction.
   */
  readSessionWithOwnRecord: (async (db, dialect, idHash) => {
    if (dialect !== 'postgres') return readSessionAlone(db, dialect, idHash);
    const row = await findSessionsWithRecordsBatched(db, idHash);
    if (!row) return undefined;
    const { found, ...session } = row;
    return { session, alongside: found ? foundForSave(makeFound(found) as Record<string, FieldValue>) : undefined };
  }) satisfies SessionReader,

  /**
   * A save's change: the changed columns and the new version, only if the version is still
   * `expectedUpdatedAt` (false when it is not: someone saved first), the progress row when a flag
   * moved, and the audit row. On PostgreSQL one statement does it all, atomic with no BEGIN and
   * COMMIT, shared by the saves that arrive together (`saveOnPostgres`); on SQLite the caller's
   * transaction holds three. Each statement is compiled once per set of changed columns
   * (`compiledPerShape`).
   */
  async saveChanges(db: Executor, dialect: DialectName, change: SaveChange): Promise<boolean> {
    if (dialect === 'postgres') return saveOnPostgres(db, change);
    const columns = recordColumnsOf(change);
    if ((await runUpdateStudent(db, dialect, columns, columns.join(','), updateParameters(change, columns))).length === 0) return false;
    if (change.progress) await this.saveProgress(db, change.id, change.progress);
    await runInsertAudit(
      db,
      dialect,
      auditColumns.map((column) => change.audit[column] ?? null),
    );
    return true;
  },

  findProgress(db: Executor, studentId: string): Promise<Selectable<FormProgressTable> | undefined> {
    return db.selectFrom('form_progress').selectAll().where('student_id', '=', studentId).executeTakeFirst();
  },

  async saveProgress(db: Executor, studentId: string, flags: Partial<ProgressRow>): Promise<void> {
    await db
      .insertInto('form_progress')
      .values({ ...progressFlags(), ...flags, student_id: studentId })
      .onConflict((conflict) => conflict.column('student_id').doUpdateSet(flags))
      .execute();
  },

  /** The registration window of the student's form level (from her class). */
  findStatusForClass(db: Executor, classId: string | null): Promise<RegistrationStatusTable | undefined> {
    return db
      .selectFrom('registration_status')
      .innerJoin('form_classes', 'form_classes.form_level', 'registration_status.form_level')
      .selectAll('registration_status')
      .where('form_classes.id', '=', classId ?? '')
      .executeTakeFirst();
  },

  findStatus(db: Executor, formLevel: number): Promise<RegistrationStatusTable | undefined> {
    return db.selectFrom('registration_status').selectAll().where('form_level', '=', formLevel).executeTakeFirst();
  },

  listStatuses(db: Executor): Promise<RegistrationStatusTable[]> {
    return db.selectFrom('registration_status').selectAll().orderBy('form_level').execute();
  },

  async saveStatus(db: Executor, status: RegistrationStatusTable): Promise<void> {
    await db
      .insertInto('registration_status')
      .values(status)
      .onConflict((conflict) => conflict.column('form_level').doUpdateSet({ open: status.open, deadline: status.deadline, updated_at: status.updated_at }))
      .execute();
  },
};
