import type { AuditAction } from '@school/contract';
import type { Actor } from '../../session/actor.ts';
import { nowIso, type Executor } from '../../db/database.ts';
import type { Deps } from '../../lib/deps.ts';
import type { Insertable } from 'kysely';
import type { AuditLogTable } from '../../db/schema.ts';
import { databaseFault } from '../../db/database-faults.ts';
import { recordAccessActions } from './record-access.ts';
import { auditRepository } from './repository.ts';

/** What happened, beside who did it: the action, which student it concerns, and a short note. Never the data itself. */
export type AuditEntry = {
  /** A dotted name, e.g. `student.password-reset` or `registration-form.viewed`: one of the contract's, each with its words. */
  action: AuditAction;
  /** The student the action concerns, if any. */
  studentId?: string | null;
  /** What changed, in words (field names, a form level), never the values. */
  detail?: string | null;
  /** For a visitor's sign-in: the account she tried (the throttles count by it). */
  attempted?: string | null;
};

/** The audit log's name for the actor: a student's id, an admin's username, a guardian's public ID, or the account a visitor tried. */
function actorId(actor: Actor, entry: AuditEntry): string | null {
  if (actor.kind === 'student') return actor.studentId;
  if (actor.kind === 'admin') return actor.name;
  if (actor.kind === 'guardian') return actor.publicId;
  return entry.attempted ?? null;
}

/** A bulk export's note of how many students it held (decision 049): "120 students". */
export const studentsHeld = (count: number): string => `${count} student${count === 1 ? '' : 's'}`;

/**
 * Appends one row to the audit log: who (the actor), what, which student, when, from where and in
 * which request. Pass the transaction of the change it records, so both commit or neither does.
 */
export async function writeAudit(db: Executor, actor: Actor, entry: AuditEntry): Promise<void> {
  await auditRepository.insert(db, [auditRow(actor, entry)]);
}

/** Appends rows made beforehand (`auditRow`, or a command's own), in the transaction of the change they record. */
export const writeAuditRows = (db: Executor, rows: ReadonlyArray<Insertable<AuditLogTable>>): Promise<void> => auditRepository.insert(db, rows);

/** The entries of one action in the last `withinMs`, newest first, at most `limit`. */
export const recentAuditOf = (db: Executor, action: string, withinMs: number, limit: number) =>
  auditRepository.recentOf(db, action, new Date(Date.parse(nowIso()) - withinMs).toISOString(), limit);

/** The audit log's row for an entry, for a statement that writes it together with the change it records. */
export function auditRow(actor: Actor, entry: AuditEntry): Insertable<AuditLogTable> {
  return {
    at: nowIso(),
    actor_kind: actor.kind,
    actor_id: actorId(actor, entry),
    action: entry.action,
    student_id: entry.studentId ?? null,
    ip: actor.ip,
    detail: entry.detail ?? null,
    request_id: actor.requestId,
  };
}

/**
 * The read notes a read waits for on a full disk: a staff member's or a guardian's read of one
 * student's data, which she is shown on her privacy page (decisions 050 and 063). (An export's note needs no rule here: the
 * export guard's count, a write, refuses it first, decision 049.)
 */
const mustBeWritten = (actor: Actor, action: string) => (actor.kind === 'admin' || actor.kind === 'guardian') && recordAccessActions.includes(action);

/**
 * Read notes a full disk had no room for (SQLite's database shares the data folder's disk), in the
 * order they were made: the next read note that finds room writes them first. At most this many
 * are held; past it the oldest go, with a warning in the server's log.
 */
const heldReadNotes: Array<Insertable<AuditLogTable>> = [];
const MAX_HELD_READ_NOTES = 10_000;

/**
 * Records something that changes nothing else (a read, a download) in a write transaction of its
 * own, so it shares a commit with the saves around it. Reads of a student's data are logged when
 * staff or her guardians make them; a student's reads of her own record are not (`notHerOwn`).
 *
 * A full disk refuses writes only (issue 49): a read whose note cannot be written for want of
 * space is answered, and its note is held and written with the next one that finds room; except
 * the notes that `mustBeWritten`, whose reads stay refused with the disk message until there is room
 * (decision 059). Full-record reads are refused then anyway: the export guard's count is a write (decision 057).
 */
export async function auditRead(deps: Pick<Deps, 'writeTransaction'>, actor: Actor, entry: AuditEntry, { notHerOwn = false } = {}): Promise<void> {
  if (notHerOwn && actor.kind === 'student') return;
  const row = auditRow(actor, entry);
  const held = heldReadNotes.splice(0);
  try {
    await deps.writeTransaction((trx) => writeAuditRows(trx, [...held, row]));
  } catch (error) {
    heldReadNotes.unshift(...held);
    if (databaseFault(error) !== 'full' || mustBeWritten(actor, entry.action)) throw error;
    heldReadNotes.push(row);
    const dropped = heldReadNotes.splice(0, Math.max(0, heldReadNotes.length - MAX_HELD_READ_NOTES));
    if (dropped.length) console.warn(`The disk is full: ${dropped.length} read notes of the audit log could not be kept.`);
  }
}
