import type { Executor } from '../../db/database.ts';
import { lockedOnPostgres } from '../../db/dialect.ts';
import type { PasskeyChallengesTable } from '../../db/schema.ts';

export type PasskeyPurpose = PasskeyChallengesTable['purpose'];

/** A passkey as stored: its credential, the counter it last gave, and her name for it. */
export type NewPasskey = { admin_id: number; credential_id: string; public_key: string; counter: number; transports: string; name: string; created_at: string };

export const passkeyRepository = {
  /** A staff member's passkeys, oldest first. */
  passkeysOf(db: Executor, adminId: number) {
    return db
      .selectFrom('staff_passkeys')
      .select(['id', 'credential_id', 'public_key', 'counter', 'transports', 'name', 'created_at', 'last_used_at'])
      .where('admin_id', '=', adminId)
      .orderBy('id')
      .execute();
  },

  async hasPasskey(db: Executor, adminId: number): Promise<boolean> {
    return (await db.selectFrom('staff_passkeys').select('id').where('admin_id', '=', adminId).limit(1).executeTakeFirst()) !== undefined;
  },

  /** The passkey of this credential ID, only if it is the account's own. */
  findOwn(db: Executor, adminId: number, credentialId: string) {
    return db
      .selectFrom('staff_passkeys')
      .select(['id', 'credential_id', 'public_key', 'counter', 'transports', 'name'])
      .where('admin_id', '=', adminId)
      .where('credential_id', '=', credentialId)
      .executeTakeFirst();
  },

  /** Adds a passkey; false when its credential is stored already (the same authenticator added twice). */
  async add(db: Executor, passkey: NewPasskey): Promise<boolean> {
    const row = await db
      .insertInto('staff_passkeys')
      .values(passkey)
      .onConflict((conflict) => conflict.column('credential_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  },

  /**
   * Takes the counter an accepted assertion gave, only if the stored one is still `was`: of two
   * assertions checked at once against the same counter, one is taken and the other refused.
   */
  async claimCounter(db: Executor, id: number, was: number, counter: number, at: string): Promise<boolean> {
    const result = await db.updateTable('staff_passkeys').set({ counter, last_used_at: at }).where('id', '=', id).where('counter', '=', was).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Locks the staff account's row until the transaction ends (PostgreSQL), so that two removals of her factors are decided one after the other. */
  lockAccount(db: Executor, adminId: number) {
    return lockedOnPostgres(db.selectFrom('admin_users').select(['id', 'totp_secret']).where('id', '=', adminId), db).executeTakeFirst();
  },

  async remove(db: Executor, adminId: number, id: number) {
    return db.deleteFrom('staff_passkeys').where('admin_id', '=', adminId).where('id', '=', id).returning('name').executeTakeFirst();
  },

  /** Hands the session a challenge for one ceremony, in place of any it had for the same one; drops challenges that ran out. */
  async putChallenge(db: Executor, row: PasskeyChallengesTable, now: string): Promise<void> {
    await db.deleteFrom('passkey_challenges').where('expires_at', '<', now).execute();
    await db
      .insertInto('passkey_challenges')
      .values(row)
      .onConflict((conflict) => conflict.columns(['session_hash', 'purpose']).doUpdateSet({ challenge: row.challenge, expires_at: row.expires_at }))
      .execute();
  },

  /** Takes the session's challenge for the ceremony, once: whoever deletes it has it. */
  takeChallenge(db: Executor, sessionHash: string, purpose: PasskeyPurpose) {
    return db
      .deleteFrom('passkey_challenges')
      .where('session_hash', '=', sessionHash)
      .where('purpose', '=', purpose)
      .returning(['challenge', 'expires_at'])
      .executeTakeFirst();
  },
};
