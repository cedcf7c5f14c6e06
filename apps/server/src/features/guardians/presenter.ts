import { guardianMessageKinds, type GuardianAccount, type GuardianInvitation, type GuardianMessageKind, type GuardianMessagesPage } from '@school/contract';
import type { GuardianRow } from './repository.ts';

/** The message kinds she chose, as stored (joined by commas), read back: unknown words are dropped. */
export const storedKinds = (stored: string): GuardianMessageKind[] =>
  stored.split(',').filter((kind): kind is GuardianMessageKind => (guardianMessageKinds as readonly string[]).includes(kind));

/** Her own account, as her account page shows it. */
export const presentAccount = (row: GuardianRow): GuardianAccount => ({
  id: row.public_id,
  email: row.email,
  display_name: row.display_name,
  phone: row.phone,
  message_kinds: storedKinds(row.message_kinds),
});

/** An invitation's state: accepted, cancelled, past its time, or open. */
function stateOf(row: { accepted_at: string | null; cancelled_at: string | null; expires_at: string }, now: string): GuardianInvitation['state'] {
  if (row.accepted_at) return 'accepted';
  if (row.cancelled_at) return 'cancelled';
  return row.expires_at <= now ? 'expired' : 'open';
}

type InvitationRow = {
  public_id: string;
  student_id: string;
  email: string;
  relationship: GuardianInvitation['relationship'];
  sent_at: string;
  expires_at: string;
  accepted_at: string | null;
  cancelled_at: string | null;
  first_name: unknown;
  last_name: unknown;
};

/** An invitation as the Guardians screen lists it, named by its public ID. */
export const presentInvitation = (row: InvitationRow, now: string): GuardianInvitation => ({
  id: row.public_id,
  student_id: row.student_id,
  student_name: [row.first_name, row.last_name].filter((name) => typeof name === 'string' && name.trim()).join(' '),
  email: row.email,
  relationship: row.relationship,
  sent_at: row.sent_at,
  expires_at: row.expires_at,
  state: stateOf(row, now),
});

type MessageRow = { kind: string; subject: string; status: string; created_at: string; sent_at: string | null; first_name: string | null };

/** A message sent to her, without its body; one a sender holds reads as queued. */
export const presentMessages = ({ items, total }: { items: MessageRow[]; total: number }): GuardianMessagesPage => ({
  items: items.map((row) => ({
    kind: row.kind,
    subject: row.subject,
    student_first_name: row.first_name,
    status: (row.status === 'sending' ? 'queued' : row.status) as GuardianMessagesPage['items'][number]['status'],
    created_at: row.created_at,
    sent_at: row.sent_at,
  })),
  total,
});
