import { healthAlertConditions, healthAlertTexts } from '@school/contract';
import type { Executor } from '../../db/database.ts';

type Names = { id: string; first_name: string | null; last_name: string | null; class_id: string | null };
type Texts = Record<(typeof healthAlertTexts)[number], string | null>;

export const studentsRepository = {
  /**
   * The staff table's rows: only what the table shows, newest change first; of the given classes
   * only, when given. Whether she has a guardian counts live, unrestricted links only: a restricted
   * guardian is, for the girl, a stranger (decision 062).
   */
  listForTable(db: Executor, classes: string[] | null) {
    return db
      .selectFrom('students')
      .leftJoin('student_leavers', 'student_leavers.student_id', 'students.id')
      .select(['id', 'first_name', 'last_name', 'class_id', 'date_of_birth', 'birth_certificate_no', 'updated_at', 'student_leavers.left_on'])
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('guardian_links')
              .select('guardian_links.id')
              .whereRef('guardian_links.student_id', '=', 'students.id')
              .where('guardian_links.revoked_at', 'is', null)
              .where('guardian_links.restricted', '=', 0),
          )
          .as('has_guardian'),
      )
      .$if(classes !== null, (query) => (classes!.length ? query.where('class_id', 'in', classes!) : query.where((eb) => eb.lit(false))))
      .orderBy('updated_at', 'desc')
      .execute() as Promise<
      Array<Names & { date_of_birth: string | null; birth_certificate_no: string | null; updated_at: string; left_on: string | null; has_guardian: unknown }>
    >;
  },

  /** A class's students with the health alerts' fields only, by last and first name. */
  healthAlerts(db: Executor, classId: string) {
    return db
      .selectFrom('students')
      .select(['id', 'first_name', 'last_name', 'class_id', ...healthAlertTexts, ...healthAlertConditions])
      .where('class_id', '=', classId)
      .orderBy('last_name')
      .orderBy('first_name')
      .execute() as Promise<Array<Names & Texts & Record<string, unknown>>>;
  },
};
