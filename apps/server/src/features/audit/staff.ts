import type { StaffRole } from '@school/contract';
import type { Executor } from '../../db/database.ts';
import { auditRepository } from './repository.ts';

/** How the audit screen and a student's privacy page name a staff member. */
export type StaffMember = { display_name: string; role: StaffRole };

/**
 * The staff members behind audit rows' usernames, their display names and roles read once for the
 * rows at hand (decision 048). An account no longer there reads as its username, an admin.
 */
export async function staffMembersOf(db: Executor, usernames: Array<string | null>): Promise<(username: string | null) => StaffMember> {
  const wanted = [...new Set(usernames.filter((name): name is string => Boolean(name)))];
  const rows = wanted.length ? await auditRepository.staffNamed(db, wanted) : [];
  const byName = new Map(rows.map((row) => [row.username, { display_name: row.display_name ?? row.username, role: row.role }]));
  return (username) => byName.get(username ?? '') ?? { display_name: username ?? '', role: 'admin' };
}
