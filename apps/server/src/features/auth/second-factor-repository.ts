import { sql } from 'kysely';
import { nowIso, type DialectName, type Executor } from '../../db/database.ts';

/** Wrong codes in a row that lock an account's codes (decision 043). */
export const WRONG_CODES_ALLOWED = 5;

/** Whose second factor (decisions 043 and 062): a staff account's or a guardian's, by the row's ID. */
export type FactorOwner = { kind: 'staff' | 'guardian'; id: number };

/**
 * Where each kind of account keeps its second factor: the columns of its own row, its recovery codes
 * and its passkeys, whose rows name it in `key`. The two kinds' tables have the same columns but for
 * that key, so each query below is written once and runs on either.
 */
const factorTables = {
  staff: { account: 'admin_users', codes: 'staff_recovery_codes', passkeys: 'staff_passkeys', key: 'admin_id' },
  guardian: { account: 'guardians', codes: 'guardian_recovery_codes', passkeys: 'guardian_passkeys', key: 'guardian_id' },
} as const;

/** The tables of the owner's second factor. */
export const factorTablesOf = (owner: FactorOwner) => factorTables[owner.kind];

export const secondFactorRepository = {
  /** What a code is checked against: the account's secrets and the last step it accepted. */
  factorOf(db: Executor, owner: FactorOwner) {
    return db
      .selectFrom(factorTablesOf(owner).account)
      .select(['id', 'totp_secret', 'totp_pending_secret', 'factor_locked_until'])
      .where('id', '=', owner.id)
      .executeTakeFirst();
  },

  /**
   * Reserves one code check of the account, in one statement, counted as wrong until the code is
   * found right: refused (undefined) while the account has had its wrong codes in a row and their
   * lock (until `lockEnds`) has not run out. Checks made at once cannot pass the limit between them.
   */
  async reserveCheck(db: Executor, owner: FactorOwner, now: string, lockEnds: string): Promise<number | undefined> {
    const lockedOut = sql<boolean>`factor_failures >= ${WRONG_CODES_ALLOWED}`;
    const row = await db
      .updateTable(factorTablesOf(owner).account)
      .set({
        factor_failures: sql<number>`CASE WHEN ${lockedOut} THEN 1 ELSE factor_failures + 1 END`,
        // The check that reaches the limit locks the codes at once; a right code then clears it.
        factor_locked_until: sql<string | null>`CASE WHEN factor_failures = ${WRONG_CODES_ALLOWED - 1} THEN ${lockEnds} ELSE NULL END`,
      })
      .where('id', '=', owner.id)
      .where((where) => where.or([where('factor_failures', '<', WRONG_CODES_ALLOWED), where('factor_locked_until', '<=', now)]))
      .returning('factor_failures')
      .executeTakeFirst();
    return row ? Number(row.factor_failures) : undefined;
  },

  /**
   * Whether the account's codes are locked now, read with the account's row locked for the rest of
   * the transaction on PostgreSQL (on SQLite the write transaction runs alone): the codes of one
   * account are checked one at a time (decision 058).
   */
  async lockedNow(db: Executor, dialect: DialectName, owner: FactorOwner, now: string): Promise<boolean> {
    const row = await db
      .selectFrom(factorTablesOf(owner).account)
      .select(['factor_failures', 'factor_locked_until'])
      .where('id', '=', owner.id)
      .$if(dialect === 'postgres', (query) => query.forUpdate())
      .executeTakeFirst();
    return row !== undefined && row.factor_failures >= WRONG_CODES_ALLOWED && row.factor_locked_until !== null && row.factor_locked_until > now;
  },

  /** A right code: the count of wrong ones starts again. */
  async clearFailures(db: Executor, owner: FactorOwner): Promise<void> {
    await db.updateTable(factorTablesOf(owner).account).set({ factor_failures: 0, factor_locked_until: null }).where('id', '=', owner.id).execute();
  },

  /** Takes the time step of an accepted code, unless it or a later one was taken (a replay): whether it was taken now. */
  async claimStep(db: Executor, owner: FactorOwner, step: number): Promise<boolean> {
    const result = await db
      .updateTable(factorTablesOf(owner).account)
      .set({ totp_last_step: step })
      .where('id', '=', owner.id)
      .where((where) => where.or([where('totp_last_step', 'is', null), where('totp_last_step', '<', step)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Uses a recovery code, once: `used` now, `used before` (a code of hers given again), or `unknown`. */
  async useRecoveryCode(db: Executor, owner: FactorOwner, codeHash: string): Promise<'used' | 'used before' | 'unknown'> {
    const { codes, key } = factorTablesOf(owner);
    const result = await db
      .updateTable(codes)
      .set({ used_at: nowIso() })
      .where(key, '=', owner.id)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return 'used';
    const before = await db.selectFrom(codes).select('code_hash').where(key, '=', owner.id).where('code_hash', '=', codeHash).executeTakeFirst();
    return before ? 'used before' : 'unknown';
  },

  async recoveryCodesLeft(db: Executor, owner: FactorOwner): Promise<number> {
    const { codes, key } = factorTablesOf(owner);
    const row = await db
      .selectFrom(codes)
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where(key, '=', owner.id)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  async setPendingSecret(db: Executor, owner: FactorOwner, secret: string): Promise<void> {
    await db.updateTable(factorTablesOf(owner).account).set({ totp_pending_secret: secret }).where('id', '=', owner.id).execute();
  },

  /** The pending secret becomes the account's factor, with new recovery codes in place of any old ones. */
  async confirmSecret(db: Executor, owner: FactorOwner, secret: string, step: number, codeHashes: string[]): Promise<void> {
    const { account, codes, key } = factorTablesOf(owner);
    await db.updateTable(account).set({ totp_secret: secret, totp_pending_secret: null, totp_last_step: step }).where('id', '=', owner.id).execute();
    await db.deleteFrom(codes).where(key, '=', owner.id).execute();
    await db
      .insertInto(codes)
      .values(codeHashes.map((code_hash) => ({ [key]: owner.id, code_hash, used_at: null })))
      .execute();
  },

  /**
   * Every second factor of the account gone: its app's secret (and one being set up), its recovery
   * codes and its passkeys, with its count of wrong codes. An admin's reset of a staff member's lost
   * phone or key; a guardian turning her two-step sign-in off.
   */
  async removeAll(db: Executor, owner: FactorOwner): Promise<void> {
    const { account, codes, passkeys, key } = factorTablesOf(owner);
    await db
      .updateTable(account)
      .set({ totp_secret: null, totp_pending_secret: null, totp_last_step: null, factor_failures: 0, factor_locked_until: null })
      .where('id', '=', owner.id)
      .execute();
    await db.deleteFrom(codes).where(key, '=', owner.id).execute();
    await db.deleteFrom(passkeys).where(key, '=', owner.id).execute();
  },

  /** The session gave a second factor now. */
  async markSecondFactor(db: Executor, idHash: string, at: string): Promise<void> {
    await db.updateTable('sessions').set({ second_factor_at: at }).where('id_hash', '=', idHash).execute();
  },

  /** A sign-in waiting for its second factor: a guest session that names the account, a staff member's or a guardian's. */
  pendingSignIn(db: Executor, idHash: string) {
    return db
      .selectFrom('sessions')
      .select(['admin_id', 'guardian_id', 'created_at'])
      .where('id_hash', '=', idHash)
      .where('kind', '=', 'guest')
      .executeTakeFirst();
  },

  /** A staff member's sessions, newest use first (full ones, not sign-ins waiting for a code). */
  sessionsOf(db: Executor, adminId: number) {
    return db
      .selectFrom('sessions')
      .select(['id_hash', 'device', 'ip', 'created_at', 'last_seen_at'])
      .where('admin_id', '=', adminId)
      .where('kind', '=', 'admin')
      .orderBy('last_seen_at', 'desc')
      .execute();
  },
};
