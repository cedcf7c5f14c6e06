import type { GuardianRelationship } from '@school/contract/guardians';

/** Each relationship of a guardian to a student as the staff read it. */
export const relationshipLabels: Record<GuardianRelationship, string> = { mother: 'Mother', father: 'Father', guardian: 'Guardian', other: 'Other' };
