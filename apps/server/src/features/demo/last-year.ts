import { progressFlags, reviewedStepKeys, type FieldValue } from '@school/contract';
import type { Executor } from '../../db/database.ts';
import { reviewedColumnOf } from '../registration/index.ts';
import { agreedTermsText } from '../registration/index.ts';
import { DAY, demoStudent, email, insertInBatches, phone, type Random } from './demo-records.ts';
import { comments, subjects } from './names.ts';

/** Rollover undo window, as the portal gives it (decision 045): long past for the demo's rollover. */
const UNDO_DAYS = 14;

/** A student who has left, whose documents are stored after the school's rows (decision 013). */
export type DemoLeaver = { id: string; receivedAt: string };

/** 'yyyy-MM-dd' as the progress row's 'yyyymmdd'. */
const dayNumber = (day: string) => Number(day.replaceAll('-', ''));

/** Last year's class of a student now in `classId`: the same letter, one form lower ('3B' → '2B'). */
const lastYearsClass = (classId: string) => `${Number(classId[0]) - 1}${classId.slice(1)}`;

/**
 * Her registration as it stood at last year's rollover: her record now with a few fields as they
 * were then (a new address and phone for some, a new e-mail for others, an allergy found or gone),
 * so the history of what changed has something to show; most had completed and agreed.
 */
function lastYearsSnapshot(r: Random, record: Record<string, FieldValue>, { classThen, index, year }: { classThen: string; index: number; year: number }) {
  const then: Record<string, FieldValue> = { ...record, class_id: classThen };
  if (record.home_address !== null && index % 3 === 0) Object.assign(then, { home_address: `${r.int(1, 200)} Old Road`, phone_home: phone(r) });
  if (record.email !== null && index % 4 === 1) then.email = email(String(record.first_name), 'old', r);
  // Health Data is filled in by those who reached Other Data.
  if (record.device_type !== null && index % 5 === 2) then.allergy = record.allergy ? null : 'Dust';
  const submitted = index % 7 !== 0;
  const submittedOn = `${year}-09-${String(10 + (index % 18)).padStart(2, '0')}`;
  then.agree_terms_conditions = submitted ? 1 : 0;
  then.terms_and_conditions = submitted ? agreedTermsText() : null;
  then.updated_at = `${submittedOn}T15:00:00.000Z`;
  const progress = {
    student_id: record.id,
    ...progressFlags(() => (submitted ? 1 : 0)),
    ...Object.fromEntries(reviewedStepKeys.map((key) => [reviewedColumnOf(key), submitted ? 1 : 0])),
    completed_on: submitted ? dayNumber(submittedOn) : 0,
  };
  return { record: then, progress, submitted_on: submitted ? submittedOn : null };
}

/**
 * The demo school a year after its first rollover (issue 35): the rollover from last year into
 * `year` (long past undoing), last year's registration kept for every returning student (Forms
 * 2–5) and for last year's Form 5, who left with it; and two students an admin marked as left
 * earlier, one so long ago that her health data and documents are due to be erased
 * (RETENTION_YEARS, decision 046). Leavers had set their own passwords, so the e2e journeys'
 * choice of students with a first password never picks one. Returns the leavers who handed in
 * their documents, to store after the rows.
 */
export async function addLastYear(trx: Executor, r: Random, { year, students }: { year: number; students: ReadonlyArray<Record<string, FieldValue>> }) {
  const at = `${year}-08-24T14:00:00.000Z`;
  const statuses = await trx.selectFrom('registration_status').selectAll().orderBy('form_level').execute();
  const returning = students.filter((student) => Number(String(student.class_id)[0]) > 1);
  const formFiveLetters = ['A', 'B', 'C', 'D', 'E'];
  const rollover = await trx
    .insertInto('rollovers')
    .values({
      from_year: year - 1,
      to_year: year,
      at,
      by: 'admin',
      undo_until: new Date(Date.parse(at) + UNDO_DAYS * DAY).toISOString(),
      version: at,
      statuses: JSON.stringify(statuses),
      promoted: returning.length,
      leavers: formFiveLetters.length,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rolloverId = Number(rollover.id);

  const leavers = [
    ...formFiveLetters.map((letter, index) => ({
      id: `${year - 5}${String(index + 1).padStart(4, '0')}`,
      classId: `5${letter}`,
      stepsDone: index < 3 ? 5 : 4,
      leftOn: at.slice(0, 10),
      reason: 'Completed Form 5',
      rolloverId,
    })),
    { id: `${year - 7}0001`, classId: '4B', stepsDone: 5, leftOn: `${year - 3}-07-05`, reason: 'Moved to another school', rolloverId: null },
    { id: `${year - 6}0001`, classId: '3D', stepsDone: 4, leftOn: `${year - 2}-12-18`, reason: 'Emigrated to Canada', rolloverId: null },
  ];
  const made = leavers.map((leaver) =>
    demoStudent(r, {
      ...leaver,
      houseCode: 'A',
      bornIn: 2015 - 6 - (year - Number(leaver.leftOn.slice(0, 4))),
      savedBefore: Date.parse(`${leaver.leftOn}T12:00:00Z`) - 30 * DAY,
    }),
  );
  const leaverRows: Array<[string, Array<Record<string, unknown>>]> = [
    ['students', made.map((leaver) => leaver.record)],
    ['student_accounts', leavers.map((leaver) => ({ student_id: leaver.id, password_hash: null, password_reset: 0, password_changed_at: null }))],
    ['form_progress', made.map((leaver) => leaver.progress)],
    ['student_leavers', leavers.map((leaver) => ({ student_id: leaver.id, left_on: leaver.leftOn, reason: leaver.reason, rollover_id: leaver.rolloverId }))],
  ];
  for (const [table, rows] of leaverRows) await insertInBatches(trx, table, rows, 50);

  // The rollover kept last year's registration of everyone it moved: the returning students and last year's Form 5.
  const snapshotted = [
    ...returning.map((record) => ({ record, classThen: lastYearsClass(String(record.class_id)) })),
    ...made.filter((_, index) => leavers[index].rolloverId !== null).map(({ record }) => ({ record, classThen: String(record.class_id) })),
  ];
  const history = snapshotted.map(({ record, classThen }, index) => {
    const snapshot = lastYearsSnapshot(r, record, { classThen, index, year: year - 1 });
    return {
      student_id: String(record.id),
      year: year - 1,
      rollover_id: rolloverId,
      class_id: classThen,
      record: JSON.stringify(snapshot.record),
      progress: JSON.stringify(snapshot.progress),
      submitted_on: snapshot.submitted_on,
    };
  });
  await insertInBatches(trx, 'registration_history', history, 50);

  // Last year's Form 5 keep their report cards of last year.
  const summaries: Array<Record<string, unknown>> = [];
  const results: Array<Record<string, unknown>> = [];
  for (const leaver of leavers.filter((entry) => entry.rolloverId !== null)) {
    for (const term of ['1', '2', '3']) {
      summaries.push({
        student_id: leaver.id,
        year: year - 1,
        term,
        form_level: 5,
        class_id: leaver.classId,
        days_present: 120 - r.int(0, 8),
        days_possible: 120,
        lates: r.int(0, 5),
        conduct: r.pick(['Excellent', 'Very Good', 'Good']),
        teacher_comment: r.pick(comments),
        principal_comment: 'Best wishes for the future.',
      });
      for (const subject of subjects.slice(0, 9))
        results.push({ student_id: leaver.id, year: year - 1, term, subject, mark: r.int(55, 95), comment: r.pick(comments) });
    }
  }
  await insertInBatches(trx, 'term_summaries', summaries, 100);
  await insertInBatches(trx, 'term_results', results, 500);
  return made
    .filter((leaver) => leaver.record.agree_terms_conditions === 1)
    .map((leaver): DemoLeaver => ({ id: String(leaver.record.id), receivedAt: String(leaver.record.updated_at) }));
}
