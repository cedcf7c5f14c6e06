import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

/** Rows of one term's results, as written by an import. */
export type ResultRow = { student_id: string; year: number; term: string; subject: string; mark: number | null; comment: string | null };
/** A student's summary of one term as an import writes it: class and remarks (attendance is kept as it is). */
export type SummaryRow = {
  student_id: string;
  year: number;
  term: string;
  form_level: number;
  class_id: string;
  remarks: { conduct: string | null; teacher_comment: string | null; principal_comment: string | null } | null;
};

/** SQLite takes at most 32,766 values a statement; batches of 500 rows stay well below it on both databases. */
const BATCH = 500;
const inBatches = <T>(items: T[], size = BATCH): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));

export const termReportsRepository = {
  /** Every term the student has a report for (a summary row), with the term's posting state; newest first. */
  termsOfStudent(db: Executor, studentId: string) {
    return db
      .selectFrom('term_summaries as s')
      .leftJoin('term_reports as r', (join) => join.onRef('r.year', '=', 's.year').onRef('r.term', '=', 's.term'))
      .select(['s.year', 's.term', 's.form_level', 's.class_id', 'r.posted', 'r.date_posted'])
      .where('s.student_id', '=', studentId)
      .orderBy('s.year', 'desc')
      .orderBy('s.term', 'desc')
      .execute();
  },

  /** The student's summary of one term (class, attendance, conduct, remarks), or undefined. */
  summary(db: Executor, studentId: string, year: number, term: string) {
    return db.selectFrom('term_summaries').selectAll().where('student_id', '=', studentId).where('year', '=', year).where('term', '=', term).executeTakeFirst();
  },

  /** The posting state of one term, or undefined when no results or cards ever came for it. */
  posting(db: Executor, year: number, term: string) {
    return db.selectFrom('term_reports').select(['year', 'term', 'posted', 'date_posted']).where('year', '=', year).where('term', '=', term).executeTakeFirst();
  },

  /** Every term with reports, newest first. */
  postings(db: Executor) {
    return db.selectFrom('term_reports').select(['year', 'term', 'posted', 'date_posted']).orderBy('year', 'desc').orderBy('term', 'desc').execute();
  },

  /** Posts or withdraws a term (a row is made for a term that has none). */
  async setPosting(db: Executor, posting: { year: number; term: string; posted: number; date_posted: string | null }) {
    await db
      .insertInto('term_reports')
      .values(posting)
      .onConflict((conflict) => conflict.columns(['year', 'term']).doUpdateSet({ posted: posting.posted, date_posted: posting.date_posted }))
      .execute();
  },

  /** Makes a term's row, not posted, when it has none yet (an import or an upload of its first reports). */
  async ensurePosting(db: Executor, year: number, term: string) {
    await db
      .insertInto('term_reports')
      .values({ year, term, posted: 0, date_posted: null })
      .onConflict((conflict) => conflict.columns(['year', 'term']).doNothing())
      .execute();
  },

  /** How many results and uploaded cards the term has: a term with neither cannot be posted. */
  async reportsInTerm(db: Executor, year: number, term: string): Promise<number> {
    const count = (table: 'term_results' | 'report_card_files') =>
      db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('year', '=', year)
        .where('term', '=', term)
        .executeTakeFirstOrThrow();
    const [results, cards] = await Promise.all([count('term_results'), count('report_card_files')]);
    return Number(results.count) + Number(cards.count);
  },

  /** The student's marks of one term, by subject. */
  results(db: Executor, studentId: string, year: number, term: string) {
    return db
      .selectFrom('term_results')
      .select(['subject', 'mark', 'comment'])
      .where('student_id', '=', studentId)
      .where('year', '=', year)
      .where('term', '=', term)
      .orderBy('id')
      .execute();
  },

  /** Every mark of one class in one term (the class as the term's summaries record it), for averages and positions. */
  classMarks(db: Executor, year: number, term: string, classId: string) {
    return db
      .selectFrom('term_results as t')
      .innerJoin('term_summaries as s', (join) => join.onRef('s.student_id', '=', 't.student_id').onRef('s.year', '=', 't.year').onRef('s.term', '=', 't.term'))
      .select(['t.student_id', 't.mark'])
      .where('t.year', '=', year)
      .where('t.term', '=', term)
      .where('s.class_id', '=', classId)
      .execute();
  },

  /** The student's name as printed. */
  student(db: Executor, studentId: string) {
    return db.selectFrom('students').select(['id', 'first_name', 'middle_name', 'last_name', 'class_id']).where('id', '=', studentId).executeTakeFirst();
  },

  /** The students among `ids`, each with her class and its form level (null when the class is unknown). */
  async studentsWithClass(db: Executor, ids: string[]) {
    const rows: Array<{ id: string; class_id: string | null; form_level: number | null }> = [];
    for (const batch of inBatches([...new Set(ids)])) {
      rows.push(
        ...(await db
          .selectFrom('students as st')
          .leftJoin('form_classes as fc', 'fc.id', 'st.class_id')
          .select(['st.id', sql<string | null>`st.class_id`.as('class_id'), 'fc.form_level'])
          .where('st.id', 'in', batch)
          .execute()),
      );
    }
    return rows;
  },

  /** Replaces one term's results of the students named with `rows`. */
  async replaceResults(db: Executor, year: number, term: string, studentIds: string[], rows: ResultRow[]) {
    for (const batch of inBatches(studentIds)) {
      await db.deleteFrom('term_results').where('year', '=', year).where('term', '=', term).where('student_id', 'in', batch).execute();
    }
    for (const batch of inBatches(rows)) await db.insertInto('term_results').values(batch).execute();
  },

  /** Writes each student's class for the term, and her remarks where the file gave them (attendance stays as it is). */
  async saveSummaries(db: Executor, rows: SummaryRow[]) {
    const withRemarks = rows.filter((row) => row.remarks);
    const withoutRemarks = rows.filter((row) => !row.remarks);
    for (const batch of inBatches(withoutRemarks)) {
      await db
        .insertInto('term_summaries')
        .values(batch.map(({ remarks: _remarks, ...row }) => row))
        .onConflict((conflict) =>
          conflict
            .columns(['student_id', 'year', 'term'])
            .doUpdateSet((eb) => ({ form_level: eb.ref('excluded.form_level'), class_id: eb.ref('excluded.class_id') })),
        )
        .execute();
    }
    for (const batch of inBatches(withRemarks)) {
      await db
        .insertInto('term_summaries')
        .values(batch.map(({ remarks, ...row }) => ({ ...row, ...remarks })))
        .onConflict((conflict) =>
          conflict.columns(['student_id', 'year', 'term']).doUpdateSet((eb) => ({
            form_level: eb.ref('excluded.form_level'),
            class_id: eb.ref('excluded.class_id'),
            conduct: eb.ref('excluded.conduct'),
            teacher_comment: eb.ref('excluded.teacher_comment'),
            principal_comment: eb.ref('excluded.principal_comment'),
          })),
        )
        .execute();
    }
  },

  /** Makes the students' summaries of a term (their class) where they have none: an uploaded card lists the term for her. */
  async addSummariesIfMissing(db: Executor, rows: Array<{ student_id: string; year: number; term: string; form_level: number; class_id: string }>) {
    if (rows.length === 0) return;
    await db
      .insertInto('term_summaries')
      .values(rows)
      .onConflict((conflict) => conflict.columns(['student_id', 'year', 'term']).doNothing())
      .execute();
  },

  /** The uploaded card of one student and term, if any. */
  card(db: Executor, studentId: string, year: number, term: string) {
    return db
      .selectFrom('report_card_files')
      .select(['id', 'stored_name'])
      .where('student_id', '=', studentId)
      .where('year', '=', year)
      .where('term', '=', term)
      .executeTakeFirst();
  },

  /** The uploaded cards of a term among these students. */
  cardsOf(db: Executor, studentIds: string[], year: number, term: string) {
    if (studentIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('report_card_files')
      .select(['student_id', 'stored_name'])
      .where('student_id', 'in', studentIds)
      .where('year', '=', year)
      .where('term', '=', term)
      .execute();
  },

  /** Records uploaded cards in one statement, each replacing the row of an earlier card of its student and term. */
  async saveCards(db: Executor, cards: Array<{ student_id: string; year: number; term: string; stored_name: string; size_bytes: number; created_at: string }>) {
    if (cards.length === 0) return;
    await db
      .insertInto('report_card_files')
      .values(cards)
      .onConflict((conflict) =>
        conflict.columns(['student_id', 'year', 'term']).doUpdateSet((eb) => ({
          stored_name: eb.ref('excluded.stored_name'),
          size_bytes: eb.ref('excluded.size_bytes'),
          created_at: eb.ref('excluded.created_at'),
        })),
      )
      .execute();
  },

  /** Every stored name of an uploaded card, for the start-up check of stored files. */
  cardKeys(db: Executor) {
    return db.selectFrom('report_card_files').select(['student_id', 'year', 'term', 'stored_name']).execute();
  },
};
