import type { AuditEntry } from '@school/contract';
import type { AuditRow } from './repository.ts';
import type { StaffMember } from './staff.ts';

/** A row as the audit screen shows it; a staff member's row carries her role. */
export const presentEntry = (row: AuditRow, staff: (username: string | null) => StaffMember): AuditEntry => ({
  id: Number(row.id),
  at: row.at,
  actor_kind: row.actor_kind,
  actor: row.actor_id,
  role: row.actor_kind === 'admin' && row.actor_id ? staff(row.actor_id).role : null,
  action: row.action,
  student_id: row.student_id,
  ip: row.ip,
  detail: row.detail,
});
