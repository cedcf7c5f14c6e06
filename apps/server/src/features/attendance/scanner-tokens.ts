import { messages } from '@school/contract';
import { createHash, randomBytes } from 'node:crypto';
import { nowIso, type Executor } from '../../db/database.ts';
import { TooManyRequests, Unauthorized } from '../../lib/errors.ts';
import { attendanceRepository } from './repository.ts';

/** Tokens are kept only as their SHA-256: a copy of the database gives no scanner's token. */
export const hashScannerToken = (token: string): string => createHash('sha256').update(token).digest('hex');

const scannerName = /^[A-Za-z0-9][\w.-]{0,39}$/;

/** Creates a scanner's token and answers it: it is shown once and cannot be read back. */
export async function createScannerToken(db: Executor, name: string): Promise<string> {
  if (!scannerName.test(name)) throw new Error('A scanner name is 1 to 40 letters, digits, dots, dashes or underscores.');
  const existing = await attendanceRepository.listScanners(db);
  if (existing.some((scanner) => scanner.name === name)) throw new Error(`There is already a scanner named '${name}'.`);
  const token = `scn_${randomBytes(32).toString('base64url')}`;
  await attendanceRepository.createScanner(db, name, hashScannerToken(token), nowIso());
  return token;
}

/** Revokes a scanner's token at once; false when there is no such active scanner. */
export const revokeScannerToken = (db: Executor, name: string): Promise<boolean> => attendanceRepository.revokeScanner(db, name, nowIso());

export const listScannerTokens = (db: Executor) => attendanceRepository.listScanners(db);

/** The scanner a request's `Authorization: Bearer <token>` names; 401 for a missing, unknown or revoked token. */
export async function authenticateScanner(db: Executor, authorization: string | undefined): Promise<{ id: number; name: string }> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  if (!match) throw new Unauthorized(messages.scannerTokenMissing);
  const scanner = await attendanceRepository.findScannerByHash(db, hashScannerToken(match[1]));
  if (!scanner) throw new Unauthorized(messages.scannerTokenUnknown);
  if (scanner.revoked_at) throw new Unauthorized(messages.scannerTokenRevoked);
  await attendanceRepository.markScannerUsed(db, scanner.id, nowIso());
  return { id: scanner.id, name: scanner.name };
}

/** An address that failed to authenticate as a scanner too often (decision 038). */
export const tooManyScannerFailures = (seconds: number) => new TooManyRequests(messages.scannerGuessing(Math.ceil(seconds / 60)), seconds);
