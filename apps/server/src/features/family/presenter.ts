import { displayName, type GuardianChild, type GuardianLink } from '@school/contract';
import type { RegistrationSummary } from '../registration/index.ts';
import type { familyRepository } from './repository.ts';

type ChildRow = Awaited<ReturnType<typeof familyRepository.childrenOf>>[number];
type LinkRow = Awaited<ReturnType<typeof familyRepository.links>>[number];

const noProgress: RegistrationSummary = { steps_done: 0, steps: 0, completed_on: null };

/** A daughter as her guardian's dashboard shows her: her names, class, the link and her registration's status. */
export const presentChild = (row: ChildRow, registration: RegistrationSummary | undefined): GuardianChild => ({
  link_id: row.public_id,
  student_id: row.id,
  first_name: row.first_name,
  last_name: row.last_name,
  class_id: row.class_id,
  relationship: row.relationship,
  registration: registration ?? noProgress,
});

/** A link as the Guardians screen shows it: who, which girl, how it was verified, and its state. */
export const presentLink = (row: LinkRow): GuardianLink => ({
  link_id: row.link_id,
  guardian_id: row.guardian_id,
  guardian_name: row.guardian_name,
  guardian_email: row.guardian_email,
  student_id: row.student_id,
  student_name: displayName(row),
  class_id: row.class_id,
  relationship: row.relationship,
  verified_by: row.verified_by,
  restricted: row.restricted === 1,
  revoked: row.revoked_at !== null,
  created_at: row.created_at,
  second_factor: Number(row.second_factor) === 1,
});
