import { academicYearLabel, termLabel, type StaffRole } from '@school/contract';
import { rosterCells, type RosterFile } from './columns.ts';
import type { RosterLink, RosterStaff, RosterStudent } from './repository.ts';

/** What a roster row is: the kind a kept row names, and the file it goes in. */
export const rowKinds = {
  org: 'orgs',
  session: 'academicSessions',
  course: 'courses',
  class: 'classes',
  student: 'users',
  staff: 'users',
  guardian: 'users',
  role: 'roles',
  enrollment: 'enrollments',
} as const satisfies Record<string, RosterFile>;
export type RowKind = keyof typeof rowKinds;

/** One row of the roster: its sourcedId, what it is, and its cells after the first three. */
export type RosterRow = { sourcedId: string; kind: RowKind; cells: string[] };

/** What the roster is made of: the school's name and year, and what the repository read of it. */
export type SchoolRoster = {
  schoolName: string;
  year: number;
  terms: ReadonlyArray<{ term: string; start_date: string; end_date: string }>;
  classes: ReadonlyArray<{ id: string; form_level: number }>;
  students: readonly RosterStudent[];
  staff: readonly RosterStaff[];
  links: readonly RosterLink[];
};

/**
 * Each staff role as OneRoster 1.2 names it. The binding has no office role: the office is written
 * as an extension (`ext:`, which the binding allows), so that a consumer gives it no administrator's
 * or teacher's rights it does not know to give (decision 075).
 */
const staffRoles: Record<StaffRole, string> = { admin: 'siteAdministrator', office: 'ext:officeStaff', teacher: 'teacher' };

/**
 * A staff member's or guardian's one name split as OneRoster asks for it (a given and a family
 * name, both required): the last word is the family name, the words before it the given name; a
 * name of one word is both.
 */
export function splitName(name: string): { givenName: string; familyName: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return { givenName: words[0] ?? '', familyName: words[0] ?? '' };
  return { givenName: words.slice(0, -1).join(' '), familyName: words[words.length - 1] };
}

/** A OneRoster boolean. */
const flag = (value: boolean) => (value ? 'true' : 'false');

/** A OneRoster list: ids joined by commas, in one field. */
const list = (ids: readonly string[]) => ids.join(',');

/**
 * The school as OneRoster 1.2 rows (decision 075): the school, its year and the year's terms, a
 * course per form level and each form class as a homeroom, the students (and, in the view with
 * leavers, those who have left, disabled and in no class), every staff account, the guardians with
 * a live, unrestricted link (decision 063) linked to their daughters both ways, a primary role
 * for each user, and the students and teachers enrolled in their classes. `idOf` gives each row's
 * opaque sourcedId from what it is.
 */
export function rosterRows(school: SchoolRoster, idOf: (key: string) => string): RosterRow[] {
  const { year } = school;
  const rows: RosterRow[] = [];
  const add = (key: string, kind: RowKind, values: Record<string, string>) => {
    const sourcedId = idOf(`${kind}:${key}`);
    rows.push({ sourcedId, kind, cells: rosterCells(rowKinds[kind], values) });
    return sourcedId;
  };

  const org = add('school', 'org', { name: school.schoolName, type: 'school' });

  // The year runs from its first term's start to its last term's end; with no terms yet, September to August.
  const first = school.terms[0];
  const last = school.terms[school.terms.length - 1];
  const schoolYear = String(year + 1);
  const yearId = add(String(year), 'session', {
    title: academicYearLabel(year),
    type: 'schoolYear',
    startDate: first?.start_date ?? `${year}-09-01`,
    endDate: last?.end_date ?? `${year + 1}-08-31`,
    schoolYear,
  });
  const termIds = school.terms.map((term) =>
    add(`${year}:term:${term.term}`, 'session', {
      title: termLabel(year, term.term),
      type: 'term',
      startDate: term.start_date,
      endDate: term.end_date,
      parentSourcedId: yearId,
      schoolYear,
    }),
  );

  const courseIds = new Map<number, string>();
  for (const level of new Set(school.classes.map((formClass) => formClass.form_level)))
    courseIds.set(
      level,
      add(`${year}:${level}`, 'course', { schoolYearSourcedId: yearId, title: `Form ${level}`, courseCode: `FORM-${level}`, orgSourcedId: org }),
    );
  const classIds = new Map<string, string>();
  for (const formClass of school.classes)
    classIds.set(
      formClass.id,
      add(`${year}:${formClass.id}`, 'class', {
        title: `Form ${formClass.form_level} – ${formClass.id}`,
        courseSourcedId: courseIds.get(formClass.form_level)!,
        classCode: formClass.id,
        classType: 'homeroom',
        schoolSourcedId: org,
        termSourcedIds: list(termIds.length ? termIds : [yearId]),
      }),
    );

  const userId = (kind: 'student' | 'staff' | 'guardian', key: string | number) => idOf(`${kind}:${key}`);
  const inRoster = new Set(school.students.map((student) => student.id));
  const links = school.links.filter((link) => inRoster.has(link.student_id));
  const guardiansOf = new Map<string, string[]>();
  for (const link of links) guardiansOf.set(link.student_id, [...(guardiansOf.get(link.student_id) ?? []), userId('guardian', link.guardian_id)]);

  const roles: Array<{ user: string; key: string; role: string }> = [];
  const enrollments: Array<{ key: string; values: Record<string, string> }> = [];
  const enrol = (user: string, userKey: string, classId: string | null, role: 'student' | 'teacher', primary: boolean) => {
    const classSourcedId = classId === null ? undefined : classIds.get(classId);
    if (!classSourcedId) return;
    enrollments.push({
      key: `${year}:${classId}:${userKey}`,
      values: { classSourcedId, schoolSourcedId: org, userSourcedId: user, role, primary: flag(primary) },
    });
  };

  for (const student of school.students) {
    const user = add(student.id, 'student', {
      enabledUser: flag(student.left_on === null),
      username: student.id,
      givenName: student.first_name ?? '',
      familyName: student.last_name ?? '',
      middleName: student.middle_name ?? '',
      identifier: student.id,
      email: student.school_account ?? '',
      agentSourcedIds: list(guardiansOf.get(student.id) ?? []),
      primaryOrgSourcedId: org,
    });
    roles.push({ user, key: `student:${student.id}`, role: 'student' });
    if (student.left_on === null) enrol(user, `student:${student.id}`, student.class_id, 'student', false);
  }

  const teachersOf = new Map<string, number>();
  const teaching = (member: RosterStaff) => (member.role === 'teacher' && !member.disabled ? member.classes.split(',').filter(Boolean) : []);
  for (const member of school.staff) for (const classId of teaching(member)) teachersOf.set(classId, (teachersOf.get(classId) ?? 0) + 1);
  for (const member of school.staff) {
    const user = add(String(member.id), 'staff', {
      enabledUser: flag(!member.disabled),
      username: member.username,
      ...splitName(member.display_name ?? member.username),
      email: member.email ?? '',
      primaryOrgSourcedId: org,
    });
    roles.push({ user, key: `staff:${member.id}`, role: staffRoles[member.role] });
    for (const classId of teaching(member)) enrol(user, `staff:${member.id}`, classId, 'teacher', teachersOf.get(classId) === 1);
  }

  const byGuardian = new Map<number, RosterLink[]>();
  for (const link of links) byGuardian.set(link.guardian_id, [...(byGuardian.get(link.guardian_id) ?? []), link]);
  for (const [guardianId, own] of byGuardian) {
    const account = own[0];
    const user = add(String(guardianId), 'guardian', {
      enabledUser: flag(!account.disabled),
      username: account.email,
      ...splitName(account.display_name),
      email: account.email,
      agentSourcedIds: list(own.map((link) => userId('student', link.student_id))),
      primaryOrgSourcedId: org,
    });
    const parent = own.some((link) => link.relationship === 'mother' || link.relationship === 'father');
    roles.push({ user, key: `guardian:${guardianId}`, role: parent ? 'parent' : 'guardian' });
  }

  for (const role of roles) add(role.key, 'role', { userSourcedId: role.user, roleType: 'primary', role: role.role, orgSourcedId: org });
  for (const enrollment of enrollments) add(enrollment.key, 'enrollment', enrollment.values);
  return rows;
}
