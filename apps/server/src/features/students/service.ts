import type { AdminActor } from '../../session/actor.ts';
import type { Deps } from '../../deps.ts';
import { auditRead } from '../audit/index.ts';
import { studentsRepository } from './repository.ts';

/** The admin table's rows, newest change first, with only the fields the table shows; each read is audited. */
export async function listStudents(deps: Deps, actor: AdminActor) {
  await auditRead(deps, actor, { action: 'students.list-viewed' });
  return (await studentsRepository.listForTable(deps.db)).map((row) => ({
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    class_id: row.class_id,
    date_of_birth: row.date_of_birth,
    birth_certificate_no: row.birth_certificate_no,
    updatedAt: row.updated_at,
  }));
}
