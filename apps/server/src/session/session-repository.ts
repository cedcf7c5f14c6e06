import type { StaffRole } from '@school/contract';
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { batchedByKey } from '../db/batched-statements.ts';
import { compiledOnce } from '../db/compiled-once.ts';
import { nowIso, type DialectName, type Executor } from '../db/database.ts';
import type { GroupedRead } from '../db/record-writes.ts';
import type { SessionsTable } from '../db/schema.ts';

export type SessionRow = SessionsTable;

/** The session row as read for a request, with its staff account's username, role, classes, state and second factor joined in. */
export type SessionWithAdmin = SessionRow & {
  admin_name: string | null;
  admin_role?: StaffRole | null;
  admin_classes?: string | null;
  admin_disabled?: number | null;
  /** 1 when the staff account has a second factor (decision 043). */
  admin_has_factor?: number | null;
  /** A guardian's session (decision 062): her public ID, name and whether her account is disabled. */
  guardian_public_id?: string | null;
  guardian_name?: string | null;
  guardian_disabled?: number | null;
};

/** Session ids are 256 random bits; only their SHA-256 is stored, so a copy of the database opens no session. */
export const newToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

export type NewSession = Pick<SessionRow, 'kind' | 'student_id' | 'admin_id' | 'restricted' | 'ip' | 'second_factor_at' | 'device' | 'enrolment_verified_at'> &
  Partial<Pick<SessionRow, 'guardian_id' | 'provider_factor'>>;

/** Whether the `admin_users` row in the query has a second factor: an authenticator app or a passkey (decision 043). */
export const hasSecondFactor = sql<boolean>`(admin_users.totp_secret IS NOT NULL OR EXISTS (SELECT 1 FROM staff_passkeys WHERE staff_passkeys.admin_id = admin_users.id))`;

/** The session with its staff account's username, role, classes, state and whether it has a second factor: what every request reads (a route may read more beside it, `preload.ts`). */
const sessionQuery = (db: Executor) =>
  db
    .selectFrom('sessions')
    .leftJoin('admin_users', 'admin_users.id', 'sessions.admin_id')
    .leftJoin('guardians', 'guardians.id', 'sessions.guardian_id')
    .selectAll('sessions')
    .select([
      'guardians.public_id as guardian_public_id',
      'guardians.display_name as guardian_name',
      'guardians.disabled as guardian_disabled',
      'admin_users.username as admin_name',
      'admin_users.role as admin_role',
      'admin_users.classes as admin_classes',
      'admin_users.disabled as admin_disabled',
      // Whether the account has a second factor, an app or a passkey: STAFF_MFA=required refuses admin and office staff without one (decision 043).
      // A student's session (most of them, on every autosave) skips the look-up.
      sql<number>`CASE WHEN sessions.admin_id IS NULL THEN 0 WHEN ${hasSecondFactor} THEN 1 ELSE 0 END`.as('admin_has_factor'),
    ]);
const findSession = compiledOnce<SessionWithAdmin>((db) => sessionQuery(db).where('sessions.id_hash', '=', ''));
/** On PostgreSQL, the sessions of the requests that arrive together, in one statement (`batchedByKey`). */
const findSessions = compiledOnce<SessionWithAdmin>((db) => sessionQuery(db).where(sql<boolean>`sessions.id_hash = any(${[]}::text[])`));
const findSessionBatched = batchedByKey<SessionWithAdmin>(
  (db, hashes) => findSessions(db, 'postgres', [hashes]),
  (session) => session.id_hash,
);

/**
 * A reader of a session that brings, for a student's session, her row as `row` reads it by her
 * student ID (decision 033): on PostgreSQL in the same statement, the sessions of the requests
 * that arrive together in one (`batchedByKey`); on SQLite the session alone, with no row.
 */
export function sessionWithStudentRowReader<T>(row: GroupedRead<T>) {
  const findWithRows = compiledOnce<SessionWithAdmin & { preloaded: Array<string | null> | null }>((db) =>
    sessionQuery(db)
      .select(row.packed(db, sql.ref<string>('sessions.student_id')).as('preloaded'))
      .where(sql<boolean>`sessions.id_hash = any(${[]}::text[])`),
  );
  const findWithRowBatched = batchedByKey(
    (db, hashes) => findWithRows(db, 'postgres', [hashes]),
    (found) => found.id_hash,
  );
  return async (db: Executor, dialect: DialectName, idHash: string): Promise<{ session: SessionWithAdmin; row: T | undefined } | undefined> => {
    if (dialect !== 'postgres') {
      const session = await sessionRepository.findByHash(db, dialect, idHash);
      return session && { session, row: undefined };
    }
    const found = await findWithRowBatched(db, idHash);
    if (!found) return undefined;
    const { preloaded, ...session } = found;
    return { session, row: preloaded ? row.unpack(preloaded) : undefined };
  };
}

export const sessionRepository = {
  /** Whether the staff account has a second factor (an authenticator app or a passkey), and when the session named last gave one. */
  stepUpState(db: Executor, adminId: number, sessionIdHash: string | null) {
    return db
      .selectFrom('admin_users')
      .leftJoin('sessions', (join) => join.onRef('sessions.admin_id', '=', 'admin_users.id').on('sessions.id_hash', '=', sessionIdHash ?? ''))
      .select((eb) => [
        'admin_users.totp_secret',
        'sessions.second_factor_at',
        'sessions.provider_factor',
        eb.exists(eb.selectFrom('staff_passkeys').select('staff_passkeys.id').whereRef('staff_passkeys.admin_id', '=', 'admin_users.id')).as('has_passkey'),
      ])
      .where('admin_users.id', '=', adminId)
      .executeTakeFirst();
  },

  async create(db: Executor, session: NewSession): Promise<{ token: string; row: SessionRow }> {
    const token = newToken();
    const now = nowIso();
    const row: SessionRow = { ...session, id_hash: hashToken(token), csrf_token: newToken(), created_at: now, last_seen_at: now };
    await db.insertInto('sessions').values(row).execute();
    return { token, row };
  },

  /** The session of a cookie, with its admin's username (one indexed read per request). */
  async findByHash(db: Executor, dialect: DialectName, idHash: string): Promise<SessionWithAdmin | undefined> {
    return dialect === 'postgres' ? findSessionBatched(db, idHash) : (await findSession(db, dialect, [idHash]))[0];
  },

  async touch(db: Executor, idHash: string, at: string): Promise<void> {
    await db.updateTable('sessions').set({ last_seen_at: at }).where('id_hash', '=', idHash).execute();
  },

  /** The session may do everything its account may: its first password has been replaced. */
  /** Notes that the session proved it is the account holder's, for enrolling a first second factor. */
  async markEnrolmentVerified(db: Executor, idHash: string, at: string): Promise<void> {
    await db
      .updateTable('sessions')
      .set({ enrolment_verified_at: at, enrolment_code_hash: null, enrolment_code_expires_at: null })
      .where('id_hash', '=', idHash)
      .execute();
  },

  /** Keeps the SHA-256 of a code just sent to the session's account, in place of any earlier one, with no tries yet. */
  async setEnrolmentCode(db: Executor, idHash: string, codeHash: string, expiresAt: string): Promise<void> {
    await db
      .updateTable('sessions')
      .set({ enrolment_code_hash: codeHash, enrolment_code_expires_at: expiresAt, enrolment_code_tries: 0 })
      .where('id_hash', '=', idHash)
      .execute();
  },

  /**
   * Counts one try at the session's code, in one statement, while it has not expired and has had
   * fewer than `maxTries`: its hash to compare, or undefined when there is none to try.
   */
  async tryEnrolmentCode(db: Executor, idHash: string, now: string, maxTries: number): Promise<string | undefined> {
    const row = await db
      .updateTable('sessions')
      .set({ enrolment_code_tries: sql<number>`enrolment_code_tries + 1` })
      .where('id_hash', '=', idHash)
      .where('enrolment_code_hash', 'is not', null)
      .where('enrolment_code_expires_at', '>', now)
      .where('enrolment_code_tries', '<', maxTries)
      .returning('enrolment_code_hash')
      .executeTakeFirst();
    return row?.enrolment_code_hash ?? undefined;
  },

  async unrestrict(db: Executor, idHash: string): Promise<void> {
    await db.updateTable('sessions').set({ restricted: 0 }).where('id_hash', '=', idHash).execute();
  },

  async delete(db: Executor, idHash: string): Promise<void> {
    await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
  },

  /** Ends every session of a student, but the one given (kept when she changes her own password). */
  async deleteForStudent(db: Executor, studentId: string, exceptIdHash?: string): Promise<void> {
    await db
      .deleteFrom('sessions')
      .where('student_id', '=', studentId)
      .$if(exceptIdHash !== undefined, (query) => query.where('id_hash', '!=', exceptIdHash!))
      .execute();
  },

  async deleteForAdmin(db: Executor, adminId: number, exceptIdHash?: string): Promise<void> {
    await db
      .deleteFrom('sessions')
      .where('admin_id', '=', adminId)
      .$if(exceptIdHash !== undefined, (query) => query.where('id_hash', '!=', exceptIdHash!))
      .execute();
  },

  /** Removes sessions idle since before `idleBefore` or created before `createdBefore`. */
  async deleteExpired(db: Executor, idleBefore: string, createdBefore: string): Promise<void> {
    await db
      .deleteFrom('sessions')
      .where((where) => where.or([where('last_seen_at', '<', idleBefore), where('created_at', '<', createdBefore)]))
      .execute();
  },
};
