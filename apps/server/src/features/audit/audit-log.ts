import { nowIso, type Executor } from '../../db/database.ts';
import type { AuditLogTable } from '../../db/schema.ts';

/** What an audit row records: who, what, which student, from where. Never the data itself. */
export type AuditEntry = {
  actorKind: AuditLogTable['actor_kind'];
  actorId: string | null;
  action: string;
  studentId?: string | null;
  ip?: string | null;
  detail?: string | null;
};

/** Appends one row to the audit log, inside the caller's transaction when one is given. */
export async function writeAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at: nowIso(),
      actor_kind: entry.actorKind,
      actor_id: entry.actorId,
      action: entry.action,
      student_id: entry.studentId ?? null,
      ip: entry.ip ?? null,
      detail: entry.detail ?? null,
    })
    .execute();
}
