import type { Executor } from '../../db/database.ts';

export const studentsRepository = {
  /** The admin table's rows: only what the table shows, newest change first. */
  listForTable(db: Executor) {
    return db
      .selectFrom('students')
      .select(['id', 'first_name', 'last_name', 'class_id', 'date_of_birth', 'birth_certificate_no', 'updated_at'])
      .orderBy('updated_at', 'desc')
      .execute();
  },
};
