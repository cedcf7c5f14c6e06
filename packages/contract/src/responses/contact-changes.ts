import { z } from 'zod';
import { contactChangeDecisions, contactChangeStatuses } from '../contact-changes.ts';
import { guardianRelationships } from '../guardians.ts';

const decision = z.enum(contactChangeDecisions).nullable();

/** One field of a change as the office reads it: the record's value when she proposed, now, and hers, side by side. */
export const contactChangeFieldSchema = z.object({
  field: z.string(),
  /** The field in words: 'Mobile Phone (Father)'. */
  label: z.string(),
  /** The record's value when the change was proposed. */
  was: z.string().nullable(),
  /** The record's value now. */
  now: z.string().nullable(),
  proposed: z.string().nullable(),
  /** Null until the office answers. */
  decision,
});

/** A change as the office's Contact Changes screen lists it (GET /api/contact-changes). */
export const contactChangeSchema = z.object({
  /** The change's public ID. */
  id: z.string(),
  student_id: z.string(),
  student_name: z.string(),
  class_id: z.string().nullable(),
  guardian_name: z.string(),
  guardian_email: z.string(),
  relationship: z.enum(guardianRelationships),
  status: z.enum(contactChangeStatuses),
  created_at: z.string(),
  answered_at: z.string().nullable(),
  /** The staff member who answered, by name. */
  answered_by: z.string().nullable(),
  note: z.string().nullable(),
  fields: z.array(contactChangeFieldSchema),
});
export type ContactChange = z.infer<typeof contactChangeSchema>;
export type ContactChangeField = z.infer<typeof contactChangeFieldSchema>;

/** GET /api/contact-changes: the newest changes of the state asked for (at most `contactChangesListed`), and how many there are. */
export const contactChangesSchema = z.object({ changes: z.array(contactChangeSchema), total: z.number().int() });
export type ContactChanges = z.infer<typeof contactChangesSchema>;

/** A second answer, or an approval the record moved under (409): the message and the change as it stands. */
export const contactChangeConflictSchema = z.object({ message: z.string(), change: contactChangeSchema });

/** One field of her change as the parent reads it: her value and the office's decision, never the record's value. */
export const familyContactChangeFieldSchema = z.object({ field: z.string(), label: z.string(), proposed: z.string().nullable(), decision });

/** A change as the parent who sent it reads it (GET /api/guardian/contact-changes). */
export const familyContactChangeSchema = z.object({
  id: z.string(),
  student_id: z.string(),
  status: z.enum(contactChangeStatuses),
  created_at: z.string(),
  answered_at: z.string().nullable(),
  note: z.string().nullable(),
  fields: z.array(familyContactChangeFieldSchema),
});
export type FamilyContactChange = z.infer<typeof familyContactChangeSchema>;

/** GET /api/guardian/contact-changes: her changes, newest first, for the daughters she sees. */
export const familyContactChangesSchema = z.object({ changes: z.array(familyContactChangeSchema) });
export type FamilyContactChanges = z.infer<typeof familyContactChangesSchema>;

/** POST /api/contact-changes: the words to show, the change as sent, and the fields left out as the record holds them already. */
export const contactChangeSentSchema = z.object({ message: z.string(), change: familyContactChangeSchema, unchanged: z.array(z.string()) });
export type ContactChangeSent = z.infer<typeof contactChangeSentSchema>;
