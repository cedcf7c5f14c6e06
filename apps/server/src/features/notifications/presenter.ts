import type { MessageKind, OutboxMessage } from '@school/contract';

/** An outbox row as the repository reads it. */
export type OutboxRow = {
  id: number;
  kind: string;
  recipient: string;
  subject: string;
  status: string;
  attempts: number;
  created_at: string;
  sent_at: string | null;
  last_error: string | null;
  /** The guardian's name when the message went to a guardian's account (decision 064). */
  guardian_name: string | null;
};

/** A message as the admin's list shows it: one still being sent reads as queued. */
export const presentMessage = (row: OutboxRow): OutboxMessage => ({
  id: Number(row.id),
  kind: row.kind as MessageKind,
  recipient: row.recipient,
  subject: row.subject,
  status: row.status === 'sending' ? 'queued' : (row.status as OutboxMessage['status']),
  attempts: Number(row.attempts),
  created_at: row.created_at,
  sent_at: row.sent_at,
  last_error: row.last_error,
  guardian: row.guardian_name,
});
