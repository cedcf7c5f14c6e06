import type { ConsentAnswer, ConsentKind, GuardianRelationship } from '@school/contract';
import type { Executor } from '../../db/database.ts';

/** A consent form's row (decision 067). */
export type FormRow = {
  id: number;
  public_id: string;
  kind: ConsentKind;
  title: string;
  per_daughter: number;
  closes_on: string | null;
  school_year: number | null;
  created_at: string;
  updated_at: string;
};

/** A version of a form's words. */
export type TextRow = { id: number; form_id: number; version: number; text: string; created_at: string };

/** An answer standing now, with the version of the words it answered. */
export type StandingAnswer = {
  id: number;
  public_id: string;
  form_id: number;
  guardian_id: number;
  student_key: string;
  answer: ConsentAnswer;
  typed_name: string;
  answered_at: string;
  version: number;
};

/** A student a form asks about: her names and class, and her form level's registration (for the registration's agreement). */
export type AudienceRow = {
  id: string;
  first_name: string | null;
  last_name: string | null;
  class_id: string | null;
  reg_open: number | null;
  reg_deadline: string | null;
};

/** A guardian with a live, unrestricted link to a student, her account open: who may answer for the girl. */
export type GuardianOfStudent = {
  student_id: string;
  guardian_id: number;
  name: string;
  email: string;
  relationship: GuardianRelationship;
};

/** SQLite takes at most 32,766 values a statement: lists of IDs go 1,000 at a time. */
const BATCH = 1000;

async function inBatches<T>(ids: readonly string[] | readonly number[], read: (batch: never[]) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (let start = 0; start < ids.length; start += BATCH) rows.push(...(await read(ids.slice(start, start + BATCH) as never[])));
  return rows;
}

const formColumns = ['id', 'public_id', 'kind', 'title', 'per_daughter', 'closes_on', 'school_year', 'created_at', 'updated_at'] as const;

const standingColumns = [
  'a.id',
  'a.public_id',
  'a.form_id',
  'a.guardian_id',
  'a.student_key',
  'a.answer',
  'a.typed_name',
  'a.answered_at',
  't.version',
] as const;

/** Consent forms, their words, classes and answers, and the school's switch (decision 067): every query of the feature. */
export const consentsRepository = {
  /** Every form, newest first. */
  forms(db: Executor): Promise<FormRow[]> {
    return db.selectFrom('consent_forms').select(formColumns).orderBy('id', 'desc').execute() as Promise<FormRow[]>;
  },

  form(db: Executor, publicId: string): Promise<FormRow | undefined> {
    return db.selectFrom('consent_forms').select(formColumns).where('public_id', '=', publicId).executeTakeFirst() as Promise<FormRow | undefined>;
  },

  /** The classes of these forms, in each form's order of class. */
  classesOf(db: Executor, formIds: readonly number[]) {
    return inBatches(formIds, (batch) =>
      db.selectFrom('consent_form_classes').select(['form_id', 'class_id']).where('form_id', 'in', batch).orderBy('form_id').orderBy('class_id').execute(),
    );
  },

  /** Every version of these forms' words, oldest first: the last of a form is its words now. */
  textsOf(db: Executor, formIds: readonly number[]): Promise<TextRow[]> {
    return inBatches(formIds, (batch) =>
      db
        .selectFrom('consent_texts')
        .select(['id', 'form_id', 'version', 'text', 'created_at'])
        .where('form_id', 'in', batch)
        .orderBy('form_id')
        .orderBy('version')
        .execute(),
    );
  },

  /** How many answers stand for each of these forms. */
  standingCounts(db: Executor, formIds: readonly number[]) {
    return inBatches(formIds, (batch) =>
      db
        .selectFrom('consent_answers')
        .select(['form_id', (eb) => eb.fn.countAll<number>().as('count')])
        .where('form_id', 'in', batch)
        .where('superseded_at', 'is', null)
        .groupBy('form_id')
        .execute(),
    );
  },

  /** How many answers (standing or replaced) name this version of a form's words. */
  async answersOfText(db: Executor, textId: number): Promise<number> {
    const row = await db
      .selectFrom('consent_answers')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('text_id', '=', textId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  /** Whether any guardian ever answered the form. */
  async anyAnswer(db: Executor, formId: number): Promise<boolean> {
    return (await db.selectFrom('consent_answers').select('id').where('form_id', '=', formId).limit(1).executeTakeFirst()) !== undefined;
  },

  /** Which of these classes the school has. */
  async existingClasses(db: Executor, classIds: readonly string[]): Promise<Set<string>> {
    const rows = await inBatches(classIds, (batch) => db.selectFrom('form_classes').select('id').where('id', 'in', batch).execute());
    return new Set(rows.map((row) => row.id));
  },

  /** The school's current academic year (2026: 2026-2027). */
  async schoolYear(db: Executor): Promise<number> {
    return (await db.selectFrom('school_year').select('year').where('id', '=', 1).executeTakeFirstOrThrow()).year;
  },

  async insertForm(trx: Executor, form: Omit<FormRow, 'id'> & { created_by: number | null }): Promise<number> {
    return (await trx.insertInto('consent_forms').values(form).returning('id').executeTakeFirstOrThrow()).id;
  },

  /**
   * Makes a year's registration agreement if it is not there (two answers at once make one), and
   * answers its row.
   */
  async ensureRegistrationForm(trx: Executor, form: { public_id: string; title: string; school_year: number; now: string }): Promise<FormRow> {
    await trx
      .insertInto('consent_forms')
      .values({
        public_id: form.public_id,
        kind: 'registration',
        title: form.title,
        per_daughter: 1,
        closes_on: null,
        school_year: form.school_year,
        created_by: null,
        created_at: form.now,
        updated_at: form.now,
      })
      .onConflict((conflict) => conflict.column('public_id').doNothing())
      .execute();
    return (await consentsRepository.form(trx, form.public_id))!;
  },

  /** Changes a form if it is still the version read (`expectedUpdatedAt`); false when another change came first. */
  async updateForm(
    trx: Executor,
    formId: number,
    expectedUpdatedAt: string,
    changes: { title?: string; closes_on?: string; per_daughter?: number; updated_at: string },
  ): Promise<boolean> {
    const result = await trx.updateTable('consent_forms').set(changes).where('id', '=', formId).where('updated_at', '=', expectedUpdatedAt).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** The form's classes from now on. */
  async setClasses(trx: Executor, formId: number, classIds: readonly string[]): Promise<void> {
    await trx.deleteFrom('consent_form_classes').where('form_id', '=', formId).execute();
    if (classIds.length > 0)
      await trx
        .insertInto('consent_form_classes')
        .values(classIds.map((class_id) => ({ form_id: formId, class_id })))
        .execute();
  },

  /** A version of a form's words; two writers of one version at once keep the first (on conflict). Answers its row. */
  async insertText(trx: Executor, text: { form_id: number; version: number; text: string; created_by: number | null; created_at: string }): Promise<TextRow> {
    await trx
      .insertInto('consent_texts')
      .values(text)
      .onConflict((conflict) => conflict.columns(['form_id', 'version']).doNothing())
      .execute();
    return trx
      .selectFrom('consent_texts')
      .select(['id', 'form_id', 'version', 'text', 'created_at'])
      .where('form_id', '=', text.form_id)
      .where('version', '=', text.version)
      .executeTakeFirstOrThrow();
  },

  /** New words for a version no guardian has answered yet. */
  async updateText(trx: Executor, textId: number, text: string): Promise<void> {
    await trx.updateTable('consent_texts').set({ text }).where('id', '=', textId).execute();
  },

  async setting(db: Executor, name: string): Promise<boolean> {
    return (await db.selectFrom('consent_settings').select('enabled').where('name', '=', name).executeTakeFirst())?.enabled === 1;
  },

  async setSetting(trx: Executor, name: string, enabled: boolean): Promise<void> {
    await trx
      .insertInto('consent_settings')
      .values({ name, enabled: enabled ? 1 : 0 })
      .onConflict((conflict) => conflict.column('name').doUpdateSet({ enabled: enabled ? 1 : 0 }))
      .execute();
  },

  /**
   * A guardian's daughters a form may ask her about (decision 063): a live, unrestricted link she may
   * view by, a girl who has not left; with her class and her form level's registration.
   */
  daughtersOf(db: Executor, guardianId: number): Promise<AudienceRow[]> {
    return db
      .selectFrom('guardian_links as l')
      .innerJoin('students as s', 's.id', 'l.student_id')
      .leftJoin('student_leavers as gone', 'gone.student_id', 's.id')
      .leftJoin('form_classes as c', 'c.id', 's.class_id')
      .leftJoin('registration_status as r', 'r.form_level', 'c.form_level')
      .select(['s.id', 's.first_name', 's.last_name', 's.class_id', 'r.open as reg_open', 'r.deadline as reg_deadline'])
      .where('l.guardian_id', '=', guardianId)
      .where('l.revoked_at', 'is', null)
      .where('l.restricted', '=', 0)
      .where('l.can_view', '=', 1)
      .where('gone.student_id', 'is', null)
      .orderBy('s.first_name')
      .orderBy('s.id')
      .execute() as Promise<AudienceRow[]>;
  },

  /** The forms (not the registration's) still open on `today` for any of these classes, each with the classes of them it names. */
  openFormsFor(db: Executor, classIds: readonly string[], today: string) {
    if (classIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('consent_forms as f')
      .innerJoin('consent_form_classes as fc', 'fc.form_id', 'f.id')
      .select(['f.public_id', 'fc.class_id'])
      .where('f.kind', '=', 'form')
      .where('f.closes_on', '>=', today)
      .where('fc.class_id', 'in', classIds)
      .execute();
  },

  /** The guardian's answers standing for these forms. */
  guardianAnswers(db: Executor, guardianId: number, formIds: readonly number[]): Promise<StandingAnswer[]> {
    return inBatches(
      formIds,
      (batch) =>
        db
          .selectFrom('consent_answers as a')
          .innerJoin('consent_texts as t', 't.id', 'a.text_id')
          .select(standingColumns)
          .where('a.guardian_id', '=', guardianId)
          .where('a.form_id', 'in', batch)
          .where('a.superseded_at', 'is', null)
          .execute() as Promise<StandingAnswer[]>,
    );
  },

  /** Every answer standing for the form. */
  formAnswers(db: Executor, formId: number): Promise<StandingAnswer[]> {
    return db
      .selectFrom('consent_answers as a')
      .innerJoin('consent_texts as t', 't.id', 'a.text_id')
      .select(standingColumns)
      .where('a.form_id', '=', formId)
      .where('a.superseded_at', 'is', null)
      .execute() as Promise<StandingAnswer[]>;
  },

  /**
   * Stores an answer unless one stands already for the form, guardian and key (the partial unique
   * index): of any number sent at once, one is stored. Answers whether it was.
   */
  async insertAnswer(
    trx: Executor,
    answer: {
      public_id: string;
      form_id: number;
      text_id: number;
      guardian_id: number;
      student_id: string | null;
      student_key: string;
      answer: ConsentAnswer;
      typed_name: string;
      answered_at: string;
    },
  ): Promise<boolean> {
    const inserted = await trx
      .insertInto('consent_answers')
      .values(answer)
      .onConflict((conflict) => conflict.doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  },

  /** Replaces her standing answer named `publicId` (a change); false when it no longer stands (another change came first). */
  async supersede(
    trx: Executor,
    { publicId, formId, guardianId, studentKey, now }: { publicId: string; formId: number; guardianId: number; studentKey: string; now: string },
  ) {
    const result = await trx
      .updateTable('consent_answers')
      .set({ superseded_at: now })
      .where('public_id', '=', publicId)
      .where('form_id', '=', formId)
      .where('guardian_id', '=', guardianId)
      .where('student_key', '=', studentKey)
      .where('superseded_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** A guardian's sign-in address, where her receipt goes. */
  async guardianEmail(db: Executor, guardianId: number): Promise<string | undefined> {
    return (await db.selectFrom('guardians').select('email').where('id', '=', guardianId).executeTakeFirst())?.email;
  },

  /** The students of these classes who have not left, by class, last and first name. */
  studentsOfClasses(db: Executor, classIds: readonly string[]): Promise<AudienceRow[]> {
    return inBatches(
      classIds,
      (batch) =>
        db
          .selectFrom('students as s')
          .leftJoin('student_leavers as gone', 'gone.student_id', 's.id')
          .select([
            's.id',
            's.first_name',
            's.last_name',
            's.class_id',
            (eb) => eb.val<number | null>(null).as('reg_open'),
            (eb) => eb.val<string | null>(null).as('reg_deadline'),
          ])
          .where('s.class_id', 'in', batch)
          .where('gone.student_id', 'is', null)
          .orderBy('s.class_id')
          .orderBy('s.last_name')
          .orderBy('s.first_name')
          .orderBy('s.id')
          .execute() as Promise<AudienceRow[]>,
    );
  },

  /** The students who have not left whose form level's registration is open (its deadline may have passed), with the deadline. */
  studentsRegistering(db: Executor): Promise<AudienceRow[]> {
    return db
      .selectFrom('students as s')
      .innerJoin('form_classes as c', 'c.id', 's.class_id')
      .innerJoin('registration_status as r', 'r.form_level', 'c.form_level')
      .leftJoin('student_leavers as gone', 'gone.student_id', 's.id')
      .select(['s.id', 's.first_name', 's.last_name', 's.class_id', 'r.open as reg_open', 'r.deadline as reg_deadline'])
      .where('r.open', '=', 1)
      .where('gone.student_id', 'is', null)
      .orderBy('s.class_id')
      .orderBy('s.last_name')
      .orderBy('s.first_name')
      .orderBy('s.id')
      .execute() as Promise<AudienceRow[]>;
  },

  /** One student, if she has not left: her names, class and her form level's registration. */
  student(db: Executor, studentId: string): Promise<AudienceRow | undefined> {
    return db
      .selectFrom('students as s')
      .leftJoin('form_classes as c', 'c.id', 's.class_id')
      .leftJoin('registration_status as r', 'r.form_level', 'c.form_level')
      .select(['s.id', 's.first_name', 's.last_name', 's.class_id', 'r.open as reg_open', 'r.deadline as reg_deadline'])
      .where('s.id', '=', studentId)
      .executeTakeFirst() as Promise<AudienceRow | undefined>;
  },

  /** The guardians who may answer for each of these students (`GuardianOfStudent`), by name. */
  guardiansOf(db: Executor, studentIds: readonly string[]): Promise<GuardianOfStudent[]> {
    return inBatches(
      studentIds,
      (batch) =>
        db
          .selectFrom('guardian_links as l')
          .innerJoin('guardians as g', 'g.id', 'l.guardian_id')
          .select(['l.student_id', 'g.id as guardian_id', 'g.display_name as name', 'g.email', 'l.relationship'])
          .where('l.student_id', 'in', batch)
          .where('l.revoked_at', 'is', null)
          .where('l.restricted', '=', 0)
          .where('l.can_view', '=', 1)
          .where('g.disabled', '=', 0)
          .orderBy('g.display_name')
          .orderBy('g.id')
          .execute() as Promise<GuardianOfStudent[]>,
    );
  },

  /** The answers standing for one daughter on a form, with who gave each and as what she is linked to the girl (if she still is). */
  studentAnswers(db: Executor, formId: number, studentId: string) {
    return db
      .selectFrom('consent_answers as a')
      .innerJoin('guardians as g', 'g.id', 'a.guardian_id')
      .leftJoin('guardian_links as l', (join) => join.onRef('l.guardian_id', '=', 'a.guardian_id').onRef('l.student_id', '=', 'a.student_id'))
      .select(['g.display_name as guardian_name', 'l.relationship', 'a.answer', 'a.typed_name', 'a.answered_at'])
      .where('a.form_id', '=', formId)
      .where('a.student_key', '=', studentId)
      .where('a.superseded_at', 'is', null)
      .orderBy('a.answered_at')
      .execute() as Promise<
      Array<{ guardian_name: string; relationship: GuardianRelationship | null; answer: ConsentAnswer; typed_name: string; answered_at: string }>
    >;
  },
};
