/**
 * Staff roles and what each may do (decision 048): the one table the server's access check and
 * the web's menu and page guard both read.
 */

/** A staff account's one role. */
export const staffRoles = ['admin', 'office', 'teacher'] as const;
export type StaffRole = (typeof staffRoles)[number];

/**
 * What a staff route needs:
 * - `class:read` — a class's students table, attendance, term reports, Parents Contact and health alerts;
 * - `records:read` — a student's full registration record, her documents and her registration form;
 * - `records:write` — editing records, password resets, imports, posting term reports, attendance import;
 * - `exports` — the whole school's data at once (registration spreadsheet, all-classes report, Parents Contact for all);
 * - `settings` — registration status, the term calendar and the other settings of the school;
 * - `staff` — staff accounts.
 */
export const permissions = ['class:read', 'records:read', 'records:write', 'exports', 'settings', 'staff'] as const;
export type Permission = (typeof permissions)[number];

/** The permissions of each role. */
export const rolePermissions: Record<StaffRole, readonly Permission[]> = {
  admin: permissions,
  office: ['class:read', 'records:read', 'records:write', 'exports'],
  teacher: ['class:read'],
};

/** Roles whose reads reach only the classes assigned to the account. */
export const classBoundRoles: readonly StaffRole[] = ['teacher'];

/** Whether a role may do what a permission covers (for a class-bound role, within her classes). */
export const roleMay = (role: StaffRole, permission: Permission): boolean => rolePermissions[role].includes(permission);

/** Whether a staff member reaches the given class: every class, or only her own for a class-bound role. */
export const reachesClass = (staff: { role: StaffRole; classes: readonly string[] }, classId: string | null): boolean =>
  !classBoundRoles.includes(staff.role) || (classId !== null && staff.classes.includes(classId));

/** Each role as a person reads it (the staff screen, the audit log, a student's privacy page). */
export const staffRoleLabels: Record<StaffRole, string> = { admin: 'Administrator', office: 'School office', teacher: 'Teacher' };

/** Who may have read a student's record, as her privacy page names them: staff of a role, or one of her guardians (decision 063). */
export const recordReaderRoles = [...staffRoles, 'guardian'] as const;
export type RecordReaderRole = (typeof recordReaderRoles)[number];
/** A reader's role in words. */
export const recordReaderLabels: Record<RecordReaderRole, string> = { ...staffRoleLabels, guardian: 'Parent or guardian' };
