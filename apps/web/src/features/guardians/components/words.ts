import type { GuardianRelationship, LinkVerification } from '@school/contract/guardians';

export { relationshipLabels } from '../../../lib/relationship-labels.ts';

/** How a link was verified, in words. */
export const verificationLabels: Record<LinkVerification, string> = { invitation: 'Invitation', letter: 'Letter code', office: 'School office' };

/** The word a sentence names the guardian by after a verb ('no message will go to him'). */
export const objectPronoun = (relationship: GuardianRelationship): string => (relationship === 'mother' ? 'her' : relationship === 'father' ? 'him' : 'them');
