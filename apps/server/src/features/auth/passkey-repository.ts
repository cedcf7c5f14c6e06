import type { Executor } from '../../db/database.ts';
import { lockedOnPostgres } from '../../db/dialect.ts';
import type { PasskeyChallengesTable, PasskeyColumns } from '../../db/schema.ts';
import { factorTablesOf, type FactorOwner } from './second-factor-repository.ts';

export type PasskeyPurpose = PasskeyChallengesTable['purpose'];

/** A passkey as stored: its credential, the counter it last gave, and her name for it. */
export type NewPasskey = Omit<PasskeyColumns, 'counter' | 'last_used_at'> & { counter: number };

/** Passkeys of staff and guardians (decisions 043 and 062), each kind in its own table, and the challenges of the ceremonies. */
export const passkeyRepository = {
  /** The account's passkeys, oldest first. */
  passkeysOf(db: Executor, owner: FactorOwner) {
    const { passkeys, key } = factorTablesOf(owner);
    return db
      .selectFrom(passkeys)
      .select(['id', 'credential_id', 'public_key', 'counter', 'transports', 'name', 'created_at', 'last_used_at'])
      .where(key, '=', owner.id)
      .orderBy('id')
      .execute();
  },

  async hasPasskey(db: Executor, owner: FactorOwner): Promise<boolean> {
    const { passkeys, key } = factorTablesOf(owner);
    return (await db.selectFrom(passkeys).select('id').where(key, '=', owner.id).limit(1).executeTakeFirst()) !== undefined;
  },

  /** The passkey of this credential ID, only if it is the account's own. */
  findOwn(db: Executor, owner: FactorOwner, credentialId: string) {
    const { passkeys, key } = factorTablesOf(owner);
    return db
      .selectFrom(passkeys)
      .select(['id', 'credential_id', 'public_key', 'counter', 'transports', 'name'])
      .where(key, '=', owner.id)
      .where('credential_id', '=', credentialId)
      .executeTakeFirst();
  },

  /** Adds a passkey; false when its credential is stored already (the same authenticator added twice). */
  async add(db: Executor, owner: FactorOwner, passkey: NewPasskey): Promise<boolean> {
    const { passkeys, key } = factorTablesOf(owner);
    const row = await db
      .insertInto(passkeys)
      .values({ ...passkey, [key]: owner.id })
      .onConflict((conflict) => conflict.column('credential_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  },

  /**
   * Takes the counter an accepted assertion gave, only if the stored one is still `was`: of two
   * assertions checked at once against the same counter, one is taken and the other refused.
   */
  async claimCounter(db: Executor, owner: FactorOwner, id: number, was: number, counter: number, at: string): Promise<boolean> {
    const result = await db
      .updateTable(factorTablesOf(owner).passkeys)
      .set({ counter, last_used_at: at })
      .where('id', '=', id)
      .where('counter', '=', was)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Locks the account's row until the transaction ends (PostgreSQL), so that two removals of her factors are decided one after the other. */
  lockAccount(db: Executor, owner: FactorOwner) {
    return lockedOnPostgres(db.selectFrom(factorTablesOf(owner).account).select(['id', 'totp_secret']).where('id', '=', owner.id), db).executeTakeFirst();
  },

  async remove(db: Executor, owner: FactorOwner, id: number) {
    const { passkeys, key } = factorTablesOf(owner);
    return db.deleteFrom(passkeys).where(key, '=', owner.id).where('id', '=', id).returning('name').executeTakeFirst();
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
