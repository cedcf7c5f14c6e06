import { randomBytes } from 'node:crypto';
import { FIRST_ADMIN_USERNAME } from '../../core/config.ts';
import type { Db } from '../../db/database.ts';
import { sessionRepository } from '../../session/session-repository.ts';
import { hashPassword } from './passwords.ts';
import { authRepository } from './repository.ts';
import { secondFactorRepository } from './second-factor-repository.ts';

/** A one-time password: 12 characters from an alphabet without look-alike letters. */
export function oneTimePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  return Array.from(randomBytes(12), (byte) => alphabet[byte % alphabet.length]).join('');
}

/**
 * On the first start there is no admin: create `admin`, with ADMIN_PASSWORD when given, else with a
 * one-time password printed once, which must be changed at first sign-in. Returns null when admins
 * exist, or when another server starting at the same moment made her first (decision 071): only the
 * server that made her has her password to print.
 */
export async function ensureFirstAdmin(db: Db, adminPassword?: string): Promise<{ username: string; oneTimePassword?: string } | null> {
  if ((await authRepository.countAdmins(db)) > 0) return null;
  const password = adminPassword ?? oneTimePassword();
  if (!(await authRepository.insertAdmin(db, FIRST_ADMIN_USERNAME, await hashPassword(password), !adminPassword))) return null;
  return { username: FIRST_ADMIN_USERNAME, oneTimePassword: adminPassword ? undefined : password };
}

/**
 * `npm run admin -- reset <username> [--second-factor]`: a new one-time password, and with
 * `secondFactor` none of her second factors (for the last admin who lost her phone or key, with no
 * other admin to remove them from the staff screen); the admin's sessions end.
 */
export async function resetAdmin(db: Db, username: string, { secondFactor = false } = {}): Promise<string> {
  const admin = await authRepository.findAdminByUsername(db, username);
  // Any staff member's password is reset here, whatever her role: the message names her so.
  if (!admin) throw new Error(`There is no staff member named '${username}'.`);
  const password = oneTimePassword();
  await db.transaction().execute(async (trx) => {
    await authRepository.setAdminPassword(trx, admin.id, await hashPassword(password), true);
    if (secondFactor) await secondFactorRepository.removeAll(trx, { kind: 'staff', id: admin.id });
    await sessionRepository.deleteForAdmin(trx, admin.id);
  });
  return password;
}
