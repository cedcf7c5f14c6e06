import { studentColumns, studentFields, type FieldValue } from '@school/contract';
import { CompiledQuery, sql, type AliasableExpression, type Compilable, type Expression, type Insertable } from 'kysely';
import { batchedByKey, batchedWrites } from './batched-statements.ts';
import { compiledOnce, compiledPerShape } from './compiled-once.ts';
import type { DialectName, Executor } from './database.ts';
import { dialectOf } from './dialect.ts';
import { rowMaker } from './row-maker.ts';
import type { AuditLogTable, FormProgressTable } from './schema.ts';

/*
 * The autosave's read and write as each database runs them best (decisions 029 and 033): the one
 * place where the save's statements differ by dialect, and where the saves that arrive together
 * share a statement. The registration feature hands in plain queries and values, and the
 * columns of its progress row (`recordWrites`): which they are is registration's to say.
 */

const quoted = (name: string) => `"${name}"`;

/**
 * A record's progress row as registration defines it (its `progressColumns`): every column, and
 * those a write never takes back (a step's reviewed mark, decision 026).
 */
export type ProgressColumns = { columns: readonly ProgressColumn[]; neverTakenBack: ReadonlySet<string> };
/** A column of the progress table beside its key. */
type ProgressColumn = Exclude<keyof FormProgressTable, 'student_id'>;
/** A record's progress row, without its key. */
type ProgressValues = Record<ProgressColumn, number>;

/** The record's integer columns (its flags and the agreement); every other column is text (migration 001). */
export const integerStudentColumns = new Set([...studentFields.filter((field) => field.kind === 'flag').map((field) => field.name), 'agree_terms_conditions']);

/** A read of one row by key, written once as a plain query for both databases (`groupedRead`). */
export type RowByKey<Row> = {
  /** The row of `key`: a value, or a column of an outer statement. */
  query: (db: Executor, key: Expression<string>) => AliasableExpression<unknown> & Compilable<unknown>;
  /** Every column `query` selects, in its order, the key first; and those that are integers. */
  columns: readonly string[];
  integers: ReadonlySet<string>;
  /** The row as the caller wants it. */
  make: (row: Record<string, FieldValue>) => Row;
};

/** `groupedRead`'s answer: the read, and the same read as one value of another statement. */
export type GroupedRead<Row> = {
  /** The row of `key`, or undefined when there is none. */
  read(db: Executor, dialect: DialectName, key: string): Promise<Row | undefined>;
  /**
   * On PostgreSQL, the row of `key` as one value (null when there is none), for a statement that
   * reads something else by the same key (the session of a student's autosave, decision 033).
   */
  packed(db: Executor, key: Expression<string>): AliasableExpression<Array<string | null> | null>;
  /** `packed`'s value made into the row. */
  unpack(values: Array<string | null>): Row;
};

/**
 * A one-row read for a save, run as each database does it best: on SQLite as written, compiled
 * once; on PostgreSQL, the reads of the saves that arrive together in one statement
 * (`batchedByKey`), each row sent as one JSON array of its values as text and made into the row by
 * a function built once from its columns (`rowMaker`): the driver's work on a wide row's
 * description and columns, and PostgreSQL's on `row_to_json`, which writes every column's name in
 * every row, each cost more than the array (bench/README.md, sixth round).
 */
export function groupedRead<Row>({ query, columns, integers, make }: RowByKey<Row>): GroupedRead<Row> {
  const unpack = rowMaker(columns, integers);
  const asArray = (db: Executor, key: Expression<string>) =>
    db
      .selectFrom(query(db, key).as('found'))
      .select(sql<Array<string | null>>`to_json(array[${sql.join(columns.map((column) => sql`${sql.ref(`found.${column}`)}::text`))}])`.as('found'));
  const runOne = compiledOnce<Record<string, FieldValue>>((db) => query(db, sql.val('')));
  const runMany = compiledOnce<{ found: Array<string | null> }>((db) => asArray(db, sql<string>`any(${[]}::text[])`));
  const readMany = batchedByKey<Record<string, FieldValue>>(
    async (db, keys) => (await runMany(db, 'postgres', [keys])).map((row) => unpack(row.found) as Record<string, FieldValue>),
    (row) => String(row[columns[0]]),
  );
  return {
    async read(db, dialect, key) {
      const row = dialect === 'postgres' ? await readMany(db, key) : (await runOne(db, dialect, [key]))[0];
      return row && make(row);
    },
    packed: (db, key) => asArray(db, key).$asScalar(),
    unpack: (values) => make(unpack(values) as Record<string, FieldValue>),
  };
}

/** A save's change of one record (`saveRecordChanges`). */
export type RecordChange = {
  id: string;
  /** The version the save read: nothing is written when the record has moved on since (someone saved first). */
  expectedUpdatedAt: string;
  /** The changed values; only the record's own columns reach the UPDATE. */
  values: Record<string, FieldValue>;
  /** The record's new version. */
  updatedAt: string;
  /** The progress row to write, or null when no flag moved. */
  progress: ProgressValues | null;
  audit: Insertable<AuditLogTable>;
};

/** The record's own columns a change writes: nothing else reaches the UPDATE. */
const recordColumnsOf = (change: RecordChange) => Object.keys(change.values).filter((column) => studentColumns.includes(column));

const auditColumns = ['at', 'actor_kind', 'actor_id', 'action', 'student_id', 'ip', 'detail', 'request_id'] as const;

/** The UPDATE of a save's columns and version, if the version is the one expected, answering the row's id when written. */
const updateStudentQuery = (db: Executor, change: RecordChange, columns: string[]) =>
  db
    .updateTable('students')
    .set({ ...Object.fromEntries(columns.map((column) => [column, change.values[column]])), updated_at: change.updatedAt })
    .where('id', '=', change.id)
    .where('updated_at', '=', change.expectedUpdatedAt)
    .returning('id');
/** `updateStudentQuery`'s parameters, in its order. */
const updateParameters = (change: RecordChange, columns: string[]) => [
  ...columns.map((column) => change.values[column]),
  change.updatedAt,
  change.id,
  change.expectedUpdatedAt,
];

/** A change with every column of `columns` set, to build a shape's statement from (its values are replaced at each run). */
const shapeOf = (columns: string[]): RecordChange => ({
  id: '',
  expectedUpdatedAt: '',
  values: Object.fromEntries(columns.map((column) => [column, ''])),
  updatedAt: '',
  progress: null,
  audit: { at: '', actor_kind: 'system', action: 'student.record-updated' },
});
const runUpdateStudent = compiledPerShape<{ id: string }, string[]>((db, columns) => updateStudentQuery(db, shapeOf(columns), columns));
const runInsertAudit = compiledOnce<never>((db) =>
  db.insertInto('audit_log').values(Object.fromEntries(auditColumns.map((column) => [column, ''])) as Insertable<AuditLogTable>),
);

/** A record column set from the save's changes, or kept as stored when the save did not change it. */
const columnFromChanges = (column: string) =>
  `${quoted(column)} = case when i.changes ? '${column}' then (i.changes->>'${column}')${integerStudentColumns.has(column) ? '::integer' : ''} else s.${quoted(column)} end`;

/** A save as `saveManyText` takes it. */
const saveAsJson = (change: RecordChange) => ({
  id: change.id,
  expected: change.expectedUpdatedAt,
  updated_at: change.updatedAt,
  changes: Object.fromEntries(recordColumnsOf(change).map((column) => [column, change.values[column]])),
  progress: change.progress,
  audit: change.audit,
});

/**
 * The autosave's writes for a progress row of `shape`: registration builds them once from its
 * progress columns, so that the statements below know the row without the database floor
 * importing a feature.
 */
export function recordWrites(shape: ProgressColumns) {
  /**
   * The SET of a progress row's upsert: each column from the row written, but a step's reviewed mark
   * is never taken back (decision 026). A save that read the row before 'Nothing has changed' was
   * pressed elsewhere keeps the mark; only a rollover clears it, and it writes no progress this way.
   */
  const progressValue = (dialect: DialectName, column: string): string =>
    shape.neverTakenBack.has(column)
      ? `${dialect === 'postgres' ? 'greatest' : 'max'}(form_progress.${quoted(column)}, excluded.${quoted(column)})`
      : `excluded.${quoted(column)}`;
  const progressUpdateText = (dialect: DialectName): string =>
    shape.columns.map((column) => `${quoted(column)} = ${progressValue(dialect, column)}`).join(', ');
  /** `progressUpdateText` as Kysely's SET, for every upsert of a progress row. */
  const progressUpdate = (dialect: DialectName) =>
    Object.fromEntries(shape.columns.map((column) => [column, sql<number>`${sql.raw(progressValue(dialect, column))}`]));

  /** Writes a record's whole progress row; a reviewed mark already set stays set (`progressUpdate`, in the database's own words). */
  async function upsertProgress(db: Executor, studentId: string, row: ProgressValues): Promise<void> {
    await db
      .insertInto('form_progress')
      .values({ ...row, student_id: studentId })
      .onConflict((conflict) => conflict.column('student_id').doUpdateSet(() => progressUpdate(dialectOf(db))))
      .execute();
  }

  /** On PostgreSQL, one statement: the UPDATE, the progress row when a flag moved, and the audit row, each only if the UPDATE wrote. */
  const saveStatementQuery = (db: Executor, change: RecordChange, columns: string[]) => {
    const { progress, audit } = change;
    return db
      .with('saved', () => updateStudentQuery(db, change, columns))
      .with('progress', (q) =>
        q
          .insertInto('form_progress')
          .columns(['student_id', ...shape.columns])
          .expression((eb) =>
            eb
              .selectFrom('saved')
              .select(['saved.id as student_id', ...shape.columns.map((column) => sql<number>`${progress?.[column] ?? 0}::integer`.as(column))])
              // No row, and so no write, when no flag moved.
              .where(sql<boolean>`${progress !== null}`),
          )
          .onConflict((conflict) => conflict.column('student_id').doUpdateSet(() => progressUpdate('postgres')))
          .returning('student_id'),
      )
      .insertInto('audit_log')
      .columns([...auditColumns])
      .expression((eb) => eb.selectFrom('saved').select(auditColumns.map((column) => sql<string>`${audit[column] ?? null}::text`.as(column))))
      .returning('id');
  };
  /** `saveStatementQuery`'s parameters, in its order. */
  const saveStatementParameters = (change: RecordChange, columns: string[]) => [
    ...updateParameters(change, columns),
    ...shape.columns.map((column) => change.progress?.[column] ?? 0),
    change.progress !== null,
    ...auditColumns.map((column) => change.audit[column] ?? null),
  ];

  const runSaveStatement = compiledPerShape<{ id: number }, string[]>((db, columns) => saveStatementQuery(db, shapeOf(columns), columns));
  /**
   * On PostgreSQL, the saves that arrive together in one statement: each save's change, progress
   * and audit row go as one JSON array, and each save is written only if its version is still the
   * one it expects, as alone. The UPDATE names only `columns`, those that some save of the group
   * changed, and a column a save did not change keeps its stored value: setting every column of the
   * record from its JSON cost PostgreSQL far more (bench/README.md, sixth round).
   */
  const saveManyText = (columns: string[]) =>
    [
      'with input as (select * from jsonb_to_recordset($1::jsonb) as i(id text, expected text, updated_at text, changes jsonb, progress jsonb, audit jsonb)),',
      `saved as (update students as s set ${[...columns.map(columnFromChanges), 'updated_at = i.updated_at'].join(', ')}`,
      // The planner takes the input for a hundred rows and would scan every record; the id list sends it to the key's index.
      '  from input as i where s.id = any(array(select id from input)) and s.id = i.id and s.updated_at = i.expected returning s.id),',
      `progress as (insert into form_progress (student_id, ${shape.columns.map(quoted).join(', ')})`,
      `  select i.id, ${shape.columns.map((column) => `p.${quoted(column)}`).join(', ')} from input as i join saved on saved.id = i.id`,
      "  cross join lateral jsonb_populate_record(null::form_progress, i.progress) as p where jsonb_typeof(i.progress) = 'object'",
      `  on conflict (student_id) do update set ${progressUpdateText('postgres')}),`,
      `audit as (insert into audit_log (${auditColumns.join(', ')})`,
      `  select ${auditColumns.map((column) => `a.${column}`).join(', ')} from input as i join saved on saved.id = i.id`,
      '  cross join lateral jsonb_populate_record(null::audit_log, i.audit) as a)',
      'select id from saved',
    ].join('\n');

  /** On PostgreSQL, the saves of different records in one statement (`saveManyText`): whether each was written, in their order. */
  async function saveRecordChangesTogether(db: Executor, changes: RecordChange[]): Promise<boolean[]> {
    const saves = changes.map(saveAsJson);
    // In the record's own order, so that the same columns always make the same text.
    const changed = new Set(saves.flatMap((save) => Object.keys(save.changes)));
    const columns = studentColumns.filter((column) => changed.has(column));
    const { rows } = await db.executeQuery<{ id: string }>(CompiledQuery.raw(saveManyText(columns), [JSON.stringify(saves)]));
    const written = new Set(rows.map((row) => row.id));
    return changes.map((change) => written.has(change.id));
  }

  /** On PostgreSQL, a save's one statement; the saves that arrive together share one (`batchedWrites`). */
  const saveOnPostgres = batchedWrites<RecordChange, boolean>(
    async (db, change) => {
      const columns = recordColumnsOf(change);
      return (await runSaveStatement(db, 'postgres', columns, columns.join(','), saveStatementParameters(change, columns))).length === 1;
    },
    (db, changes) => saveRecordChangesTogether(db, changes),
    (change) => change.id,
  );

  /**
   * Writes a save's change: the changed columns and the new version, only if the version is still
   * `expectedUpdatedAt` (false when it is not: someone saved first), the progress row when a flag
   * moved, and the audit row. On PostgreSQL one statement does it all, atomic with no BEGIN and
   * COMMIT, shared by the saves that arrive together; on SQLite the caller's transaction holds
   * three. Each statement is compiled once per set of changed columns (`compiledPerShape`).
   */
  async function saveRecordChanges(db: Executor, dialect: DialectName, change: RecordChange): Promise<boolean> {
    if (dialect === 'postgres') return saveOnPostgres(db, change);
    const columns = recordColumnsOf(change);
    if ((await runUpdateStudent(db, dialect, columns, columns.join(','), updateParameters(change, columns))).length === 0) return false;
    if (change.progress) await upsertProgress(db, change.id, change.progress);
    await runInsertAudit(
      db,
      dialect,
      auditColumns.map((column) => change.audit[column] ?? null),
    );
    return true;
  }

  /** The statements of a save and their parameters, built for `change` as each run would (for the test that they agree). */
  const saveStatementsFor = (db: Executor, change: RecordChange) => {
    const columns = recordColumnsOf(change);
    const statement = (
      query: (db: Executor, change: RecordChange, columns: string[]) => Compilable<unknown>,
      parameters: (change: RecordChange, columns: string[]) => unknown[],
    ) => ({
      compiled: query(db, change, columns).compile(),
      shapeSql: query(db, shapeOf(columns), columns).compile().sql,
      parameters: parameters(change, columns),
    });
    return { update: statement(updateStudentQuery, updateParameters), statement: statement(saveStatementQuery, saveStatementParameters) };
  };

  return { progressUpdate, upsertProgress, saveRecordChanges, saveRecordChangesTogether, saveStatementsFor };
}
