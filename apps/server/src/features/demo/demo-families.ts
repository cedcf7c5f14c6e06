import { createHash, randomBytes } from 'node:crypto';
import { guardianLinkLifetimes, guardianMessageKinds, type FieldValue, type GuardianRelationship } from '@school/contract';
import type { Executor } from '../../db/database.ts';
import { linksRepository, newPublicId } from '../guardians/index.ts';
import { insertInBatches } from './demo-records.ts';

/** The demo guardian the first start names: her address, the password every demo guardian shares, and her daughters. */
export type DemoGuardian = { email: string; password: string; name: string; daughters: Array<{ id: string; first_name: string; class_id: string }> };

type Parent = { key: string; email: string; name: string; phone: string | null; relationship: GuardianRelationship };
type Student = Record<string, FieldValue>;
type PlannedLink = { guardian: string; studentId: string; relationship: GuardianRelationship };

/** The parents a record names, by its living status: her mother and father, or her guardian. */
function parentsOf(student: Student): Parent[] {
  const id = String(student.id);
  const named = (relationship: GuardianRelationship, field: string, phone: string): Parent[] => {
    const name = student[field];
    if (typeof name !== 'string' || !name) return [];
    const email = `${relationship}.${id}@example.org`;
    return [{ key: email, email, name, phone: typeof student[phone] === 'string' ? String(student[phone]) : null, relationship }];
  };
  return [
    ...named('mother', 'mother_name', 'mobile_phone_mother'),
    ...named('father', 'father_name', 'mobile_phone_father'),
    ...named('guardian', 'guardian_name', 'mobile_phone_guardian'),
  ];
}

/** Every how-manyth student with a mother is invited rather than linked, and at most how many, so the Guardians screen has open invitations. */
const INVITED_EVERY = 20;
const MOST_INVITED = 10;

/**
 * The demo school's families (issue 50), planned from the records before they are stored: a guardian
 * for each parent a record names (most students, by their living status), her address
 * `mother.<id>@example.org` and so on; one mother of two daughters in different forms (the second
 * daughter's record names her too); a father's link restricted (custody: her first daughter's father when she has one);
 * and a few students' mothers invited rather than linked (open invitations to the records' parent
 * addresses). Mutates the second daughter's record so that it names her mother.
 */
export function planDemoFamilies(students: Student[]) {
  const guardians = new Map<string, Parent>();
  const links: PlannedLink[] = [];
  const invitations: Array<{ studentId: string; email: string; relationship: GuardianRelationship }> = [];
  // The mother of two: the first student's mother with one, and a girl in another form with a mother of her own record.
  const first = students.find((student) => student.mother_name);
  const second = first && students.find((student) => student.mother_name && String(student.class_id)[0] !== String(first.class_id)[0]);
  const motherOfTwo = first ? parentsOf(first).find((parent) => parent.relationship === 'mother') : undefined;
  if (second && motherOfTwo) {
    second.mother_name = motherOfTwo.name;
    second.email_mother = motherOfTwo.email;
    second.mobile_phone_mother = motherOfTwo.phone;
  }
  let withMother = 0;
  for (const student of students) {
    const studentId = String(student.id);
    for (const parent of parentsOf(student)) {
      const guardian = student === second && parent.relationship === 'mother' && motherOfTwo ? motherOfTwo : parent;
      if (parent.relationship === 'mother' && student !== first && student !== second) {
        withMother += 1;
        if (withMother % INVITED_EVERY === 0 && invitations.length < MOST_INVITED && typeof student.email_mother === 'string') {
          invitations.push({ studentId, email: student.email_mother.toLowerCase(), relationship: 'mother' });
          continue;
        }
      }
      guardians.set(guardian.key, guardian);
      links.push({ guardian: guardian.key, studentId, relationship: parent.relationship });
    }
  }
  const fathers = links.filter((link) => link.relationship === 'father');
  const restricted = fathers.find((link) => link.studentId === String(first?.id)) ?? fathers[0];
  return {
    guardians: [...guardians.values()],
    links,
    invitations,
    motherOfTwo,
    daughters: [first, second].filter((student) => student !== undefined),
    restricted,
  };
}

/**
 * Stores the planned families in the demo's transaction: the guardians and their links in bulk (the
 * database is new: no link is there to meet), each guardian with the one password hash the demo's
 * guardians share, the mother of two's second daughter linked by a letter's code as the portal makes
 * such a link; the restriction; and the invitations (links nobody holds: the office resends or cancels them).
 */
export async function addDemoFamilies(
  trx: Executor,
  plan: ReturnType<typeof planDemoFamilies>,
  { passwordHash, password, now }: { passwordHash: string; password: string; now: Date },
): Promise<DemoGuardian | null> {
  const at = now.toISOString();
  await insertInBatches(
    trx,
    'guardians',
    plan.guardians.map((guardian) => ({
      public_id: newPublicId(),
      email: guardian.email,
      email_verified_at: at,
      display_name: guardian.name,
      phone: guardian.phone,
      password_hash: passwordHash,
      message_kinds: guardianMessageKinds.join(','),
      created_at: at,
      password_changed_at: at,
    })),
    200,
  );
  const ids = new Map((await trx.selectFrom('guardians').select(['id', 'email']).execute()).map((row) => [row.email, row.id]));
  // The mother of two added her second daughter herself, with the code of a letter: made live as the portal makes such a link.
  const second = plan.daughters[1];
  const byLetter = (link: PlannedLink) => plan.motherOfTwo !== undefined && link.guardian === plan.motherOfTwo.key && link.studentId === String(second?.id);
  await insertInBatches(
    trx,
    'guardian_links',
    plan.links
      .filter((link) => !byLetter(link))
      .map((link) => ({
        public_id: newPublicId(),
        guardian_id: ids.get(link.guardian)!,
        student_id: link.studentId,
        relationship: link.relationship,
        verified_by: link.relationship === 'father' ? 'office' : 'invitation',
        created_at: at,
      })),
    500,
  );
  for (const link of plan.links.filter(byLetter)) {
    await linksRepository.makeLive(trx, {
      guardianId: ids.get(link.guardian)!,
      studentId: link.studentId,
      relationship: link.relationship,
      verifiedBy: 'letter',
      now: at,
    });
  }
  if (plan.restricted) {
    await trx
      .updateTable('guardian_links')
      .set({ restricted: 1 })
      .where('guardian_id', '=', ids.get(plan.restricted.guardian)!)
      .where('student_id', '=', plan.restricted.studentId)
      .execute();
  }
  const expires = new Date(now.getTime() + guardianLinkLifetimes.invitationHours * 3_600_000).toISOString();
  await insertInBatches(
    trx,
    'guardian_invitations',
    plan.invitations.map((invitation) => ({
      public_id: newPublicId(),
      token_hash: createHash('sha256').update(randomBytes(32)).digest('hex'),
      student_id: invitation.studentId,
      email: invitation.email,
      relationship: invitation.relationship,
      created_by: null,
      created_at: at,
      expires_at: expires,
      sent_at: at,
      accepted_at: null,
      cancelled_at: null,
    })),
    50,
  );
  if (!plan.motherOfTwo || plan.daughters.length < 2) return null;
  return {
    email: plan.motherOfTwo.email,
    password,
    name: plan.motherOfTwo.name,
    daughters: plan.daughters.map((student) => ({ id: String(student.id), first_name: String(student.first_name), class_id: String(student.class_id) })),
  };
}

/** A password for the demo's guardians, new at each demo school: twelve URL-safe characters. */
export const demoGuardianPassword = (): string => randomBytes(9).toString('base64url');

/** The first start's words for the demo guardian: where and how to sign in, and whom she sees; null when there is none. */
export function demoGuardianNote(guardian: DemoGuardian | null): string | null {
  if (!guardian) return null;
  const daughters = guardian.daughters.map((daughter) => `${daughter.first_name} (${daughter.class_id})`).join(' and ');
  return `Try parent ${guardian.email} (${guardian.name}, mother of ${daughters}) at /parents with the password ${guardian.password}; every demo parent's account has that password.`;
}
