import type { Db } from './database.ts';

const secrets = new WeakMap<Db, Promise<Buffer>>();

/**
 * The portal's signing key, made by migration 010 and shared by every server process through the
 * database: it signs device cookies (decision 015) and visitors' CSRF tokens (decision 038), each
 * with a purpose of its own in what is signed, so that one can never pass for the other.
 */
export function serverSecret(db: Db): Promise<Buffer> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = db
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', 'device-cookie')
      .executeTakeFirstOrThrow()
      .then((row) => Buffer.from(row.value, 'base64url'));
    secret.catch(() => secrets.delete(db));
    secrets.set(db, secret);
  }
  return secret;
}
