import type { StaffRole } from '@school/contract';

/** How the audit screen and a student's privacy page name a staff member. */
export type StaffMember = { display_name: string; role: StaffRole };

/**
 * The staff member behind an audit row's username: her display name and role. Every staff account
 * is an `admin` named by its username until staff accounts with roles and display names exist
 * (issue 36, points 1–3); this is the one place that then reads them.
 */
export function staffMemberOf(username: string): StaffMember {
  return { display_name: username, role: staffRoleOf(username) };
}

/** A staff member's role: `admin` for every staff account until roles exist. */
export function staffRoleOf(_username: string): StaffRole {
  return 'admin';
}
