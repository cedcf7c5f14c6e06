import type { Executor } from '../../db/database.ts';
import type { UploadedFilesTable } from '../../db/schema.ts';

export type UploadedFile = Omit<UploadedFilesTable, 'id'> & { id: number };

export const filesRepository = {
  listForStudent(db: Executor, studentId: string): Promise<UploadedFile[]> {
    return db.selectFrom('uploaded_files').selectAll().where('student_id', '=', studentId).orderBy('file_type').execute();
  },

  find(db: Executor, studentId: string, fileType: string): Promise<UploadedFile | undefined> {
    return db.selectFrom('uploaded_files').selectAll().where('student_id', '=', studentId).where('file_type', '=', fileType).executeTakeFirst();
  },

  /** Every row's stored file, for the start-up check: who, which type, which key. */
  listStoredNames(db: Executor): Promise<Array<Pick<UploadedFile, 'student_id' | 'file_type' | 'stored_name'>>> {
    return db.selectFrom('uploaded_files').select(['student_id', 'file_type', 'stored_name']).execute();
  },

  async remove(db: Executor, id: number): Promise<void> {
    await db.deleteFrom('uploaded_files').where('id', '=', id).execute();
  },

  async insert(db: Executor, file: Omit<UploadedFilesTable, 'id'>): Promise<void> {
    await db.insertInto('uploaded_files').values(file).execute();
  },

  /** Points the row at other stored bytes, only if it still names `from`: true when it did. */
  async replaceStoredName(db: Executor, id: number, from: string, to: Pick<UploadedFile, 'stored_name' | 'size_bytes'>): Promise<boolean> {
    const result = await db.updateTable('uploaded_files').set(to).where('id', '=', id).where('stored_name', '=', from).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  findDataFile(db: Executor, studentId: string) {
    return db.selectFrom('student_data_files').selectAll().where('student_id', '=', studentId).executeTakeFirst();
  },

  async saveDataFile(db: Executor, studentId: string, data: string, updatedAt: string): Promise<void> {
    await db
      .insertInto('student_data_files')
      .values({ student_id: studentId, data, updated_at: updatedAt })
      .onConflict((conflict) => conflict.column('student_id').doUpdateSet({ data, updated_at: updatedAt }))
      .execute();
  },
};
