import { messages, academicYearLabel, completedFormReason, termNames, type RolloverResult } from '@school/contract';
import type { Executor } from '../../db/database.ts';
import { schoolYearRepository as repository, type StudentRow } from './repository.ts';

/** Where one class goes: another class, or null when its students leave (with their reason). */
export type ClassMove = { from: string; to: string | null; reason?: string };

/** A rollover worked out, not yet applied: its answer, the students it touches, who moves where, and who leaves why. */
export type RolloverPlan = {
  result: RolloverResult;
  /** Every student it moves or marks as left, each whole record as it stands. */
  students: StudentRow[];
  /** Ids of the students moving into each class. */
  movesTo: Map<string, string[]>;
  leavers: Array<{ id: string; reason: string }>;
};

/** What a class's mapping gets wrong, if anything: a class that does not exist, a class named twice, a class with students left out, a class mapped onto a class that does not exist. */
function mappingErrors(moves: readonly ClassMove[], classes: ReadonlyMap<string, { students: number }>) {
  const errors: RolloverResult['errors'] = [];
  const seen = new Set<string>();
  for (const move of moves) {
    if (!classes.has(move.from)) errors.push({ class_id: move.from, message: messages.noSuchClass(move.from) });
    else if (seen.has(move.from)) errors.push({ class_id: move.from, message: messages.classNamedTwice(move.from) });
    else if (move.to !== null && !classes.has(move.to)) errors.push({ class_id: move.from, message: messages.classMappedNowhere(move.from, move.to) });
    seen.add(move.from);
  }
  for (const [classId, { students }] of classes) {
    if (students > 0 && !seen.has(classId)) errors.push({ class_id: classId, message: messages.classNeedsPlace(students, classId) });
  }
  return errors;
}

/** What a secretary should see before applying: terms of the ending year not posted, students who have not submitted. */
async function rolloverWarnings(db: Executor, year: number, students: ReadonlyArray<{ progress_submit: number | null }>) {
  const warnings = (await repository.unpostedTerms(db, year)).map(
    (term) => `Term ${term} (${termNames[term] ?? term}) reports of ${academicYearLabel(year)} are not posted.`,
  );
  const unsubmitted = students.filter((student) => student.progress_submit !== 1).length;
  if (unsubmitted > 0) {
    warnings.push(`${unsubmitted} ${unsubmitted === 1 ? 'student has' : 'students have'} not submitted the registration for ${academicYearLabel(year)}.`);
  }
  return warnings;
}

/**
 * Works out a rollover from `year` by the admin's class moves: its errors and warnings, and for
 * each student still at the school in a mapped class, her next class or her leaving. Reads only.
 */
export async function planRollover(db: Executor, year: number, input: { classes: readonly ClassMove[] }): Promise<RolloverPlan> {
  const [classList, atSchool] = await Promise.all([repository.classesWithStudents(db), repository.studentsAtSchool(db)]);
  const classes = new Map(classList.map((entry) => [entry.class_id, entry]));
  const errors = mappingErrors(input.classes, classes);
  const moveOf = new Map(input.classes.map((move) => [move.from, move]));
  const movesTo = new Map<string, string[]>();
  const leavers: RolloverPlan['leavers'] = [];
  const students: StudentRow[] = [];
  for (const { progress_submit: _submit, ...student } of atSchool) {
    const move = moveOf.get(String(student.class_id));
    if (!move) continue;
    students.push(student);
    if (move.to === null) {
      leavers.push({ id: student.id, reason: move.reason || completedFormReason(classes.get(move.from)?.form_level ?? 0) });
    } else {
      const movers = movesTo.get(move.to) ?? [];
      movers.push(student.id);
      movesTo.set(move.to, movers);
    }
  }
  const promoted = students.length - leavers.length;
  const warnings = await rolloverWarnings(db, year, atSchool);
  return { result: { dry_run: true, promoted, left: leavers.length, warnings, errors }, students, movesTo, leavers };
}
