import type { FastifyInstance } from 'fastify';
import { studentsRepository } from './repository.ts';

/** The admin's student list (SPEC §2 Admin area: ID, Name, Class, Date of Birth, Birth Certificate Pin). */
export async function studentsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/students', { config: { access: 'admin' } }, async () =>
    (await studentsRepository.listForTable(app.db)).map((row) => ({
      id: row.id,
      first_name: row.first_name,
      last_name: row.last_name,
      class_id: row.class_id,
      date_of_birth: row.date_of_birth,
      birth_certificate_no: row.birth_certificate_no,
      updatedAt: row.updated_at,
    })),
  );
}
