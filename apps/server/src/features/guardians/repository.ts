import type { Executor } from '../../db/database.ts';

/** A guardian's account as her sign-in and her account page read it. */
export type GuardianRow = {
  id: number;
  public_id: string;
  email: string;
  display_name: string;
  phone: string | null;
  password_hash: string;
  message_kinds: string;
  disabled: number;
  /** Her authenticator app's secret once confirmed (decision 062): her sign-in then asks for its code. */
  totp_secret: string | null;
};

const accountColumns = ['id', 'public_id', 'email', 'display_name', 'phone', 'password_hash', 'message_kinds', 'disabled', 'totp_secret'] as const;

/** Guardians' accounts, their mailed single-use links, their sessions and the messages sent to them (decision 062). */
export const guardiansRepository = {
  byEmail(db: Executor, email: string): Promise<GuardianRow | undefined> {
    return db.selectFrom('guardians').select(accountColumns).where('email', '=', email).executeTakeFirst();
  },

  /** The guardian linked to the school's provider account `sub` (decision 076). */
  byProviderSubject(db: Executor, subject: string): Promise<(GuardianRow & { provider_subject?: string | null }) | undefined> {
    return db
      .selectFrom('guardians')
      .select([...accountColumns, 'provider_subject'])
      .where('provider_subject', '=', subject)
      .executeTakeFirst();
  },

  /** The guardian whose address is `email`, with the provider account she is linked to, if any. */
  byEmailForProvider(db: Executor, email: string): Promise<(GuardianRow & { provider_subject?: string | null }) | undefined> {
    return db
      .selectFrom('guardians')
      .select([...accountColumns, 'provider_subject'])
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
  },

  /** Links her account to the provider's `sub` (kept once). */
  async linkProviderSubject(db: Executor, id: number, subject: string): Promise<void> {
    await db.updateTable('guardians').set({ provider_subject: subject }).where('id', '=', id).execute();
  },

  byPublicId(db: Executor, publicId: string): Promise<GuardianRow | undefined> {
    return db.selectFrom('guardians').select(accountColumns).where('public_id', '=', publicId).executeTakeFirst();
  },

  byId(db: Executor, id: number): Promise<GuardianRow | undefined> {
    return db.selectFrom('guardians').select(accountColumns).where('id', '=', id).executeTakeFirst();
  },

  /**
   * Makes the account of a proved address; undefined when the address has one already (two sign-ups
   * at once for one address make one account).
   */
  async insert(
    trx: Executor,
    account: { publicId: string; email: string; name: string; passwordHash: string; messageKinds: string; now: string },
  ): Promise<number | undefined> {
    const row = await trx
      .insertInto('guardians')
      .values({
        public_id: account.publicId,
        email: account.email,
        email_verified_at: account.now,
        display_name: account.name,
        phone: null,
        password_hash: account.passwordHash,
        message_kinds: account.messageKinds,
        created_at: account.now,
        password_changed_at: account.now,
      })
      .onConflict((conflict) => conflict.column('email').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  },

  async setPassword(trx: Executor, id: number, passwordHash: string, now: string): Promise<void> {
    await trx.updateTable('guardians').set({ password_hash: passwordHash, password_changed_at: now }).where('id', '=', id).execute();
  },

  async updateAccount(trx: Executor, id: number, changes: { display_name?: string; phone?: string | null; message_kinds?: string }): Promise<void> {
    if (Object.keys(changes).length === 0) return;
    await trx.updateTable('guardians').set(changes).where('id', '=', id).execute();
  },

  /** Ends every session of the guardian but `keep` (her other browsers, after a new password). */
  async endSessions(trx: Executor, guardianId: number, keep: string | null): Promise<void> {
    await trx
      .deleteFrom('sessions')
      .where('guardian_id', '=', guardianId)
      .$if(keep !== null, (query) => query.where('id_hash', '!=', keep!))
      .execute();
  },

  async addEmailToken(
    trx: Executor,
    token: { tokenHash: string; purpose: 'sign-up' | 'password-reset'; email: string; guardianId: number | null; now: string; expiresAt: string },
  ): Promise<void> {
    await trx
      .insertInto('guardian_email_tokens')
      .values({
        token_hash: token.tokenHash,
        purpose: token.purpose,
        email: token.email,
        guardian_id: token.guardianId,
        details: null,
        created_at: token.now,
        expires_at: token.expiresAt,
      })
      .execute();
  },

  /** A mailed link still good: not used, not expired; undefined otherwise. */
  liveEmailToken(db: Executor, tokenHash: string, purpose: 'sign-up' | 'password-reset', now: string) {
    return db
      .selectFrom('guardian_email_tokens')
      .select(['id', 'email', 'guardian_id'])
      .where('token_hash', '=', tokenHash)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  },

  /** Uses a mailed link once: of several calls at once with one link, one only gets its row. */
  useEmailToken(trx: Executor, tokenHash: string, purpose: 'sign-up' | 'password-reset', now: string) {
    return trx
      .updateTable('guardian_email_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['email', 'guardian_id'])
      .executeTakeFirst();
  },

  /** Her other reset links stop working once one is used. */
  async retireEmailTokens(trx: Executor, guardianId: number, purpose: 'sign-up' | 'password-reset', now: string): Promise<void> {
    await trx
      .updateTable('guardian_email_tokens')
      .set({ used_at: now })
      .where('guardian_id', '=', guardianId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute();
  },

  /** One page of the messages the outbox holds for her, newest first, with how many there are. */
  async messagesPage(db: Executor, guardianId: number, { offset, limit }: { offset: number; limit: number }) {
    const items = await db
      .selectFrom('outbox')
      .leftJoin('students', 'students.id', 'outbox.student_id')
      .select(['outbox.kind', 'outbox.subject', 'outbox.status', 'outbox.created_at', 'outbox.sent_at', 'students.first_name'])
      .where('outbox.guardian_id', '=', guardianId)
      .orderBy('outbox.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    const counted = await db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('guardian_id', '=', guardianId)
      .executeTakeFirstOrThrow();
    return { items: items as Array<Omit<(typeof items)[number], 'first_name'> & { first_name: string | null }>, total: Number(counted.count) };
  },
};
