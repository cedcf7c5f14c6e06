import { nowIso, type Db } from '../../db/database.ts';
import type { Deps } from '../../lib/deps.ts';
import type { Actor } from '../../session/actor.ts';
import { recentAuditOf, writeAudit } from '../audit/index.ts';
import { authRepository } from './repository.ts';
import { SCHOOL_FIRST_SIGN_IN_WINDOW_MS } from './throttle.ts';

/** The audit log's action for an address seen spraying date-of-birth guesses (decision 015). */
export const SPRAYING_SEEN = 'sign-in.spraying-seen';
/** The audit log's action for the school's budget of failed first sign-ins spent (decision 058). */
export const FIRST_SIGN_INS_PAUSED = 'sign-in.first-sign-ins-paused';
/** An address is reported once an hour at most, however long it keeps guessing. */
const REPORT_EVERY_MS = 60 * 60 * 1000;
/** How long an alert stays on the admins' dashboard. */
const SHOWN_FOR_MS = 24 * 60 * 60 * 1000;

const reported = new Map<string, number>();

/**
 * Records that an address failed date-of-birth guesses on so many accounts it never got into that
 * its date-of-birth sign-ins are now slowed or refused: one audit entry an hour per address,
 * which the admins' dashboard shows.
 */
export async function reportSpraying(deps: Pick<Deps, 'writeTransaction'>, actor: Actor): Promise<void> {
  const now = Date.now();
  if (now - (reported.get(actor.address) ?? 0) < REPORT_EVERY_MS) return;
  reported.set(actor.address, now);
  for (const [address, at] of reported) if (now - at >= REPORT_EVERY_MS) reported.delete(address);
  await deps.writeTransaction((trx) =>
    writeAudit(trx, actor, {
      action: SPRAYING_SEEN,
      detail: `Wrong dates of birth for many students from ${actor.address}, none of them signed in since: its date-of-birth sign-ins are slowed, then refused.`,
    }),
  );
}

/**
 * Records that the school's budget of failed date-of-birth sign-ins is spent, so first sign-ins
 * wait (decision 058): once per budget window for the whole school, whatever the number of
 * processes, shown on the admins' dashboard with the spraying alerts.
 */
export async function reportFirstSignInsPaused(deps: Pick<Deps, 'writeTransaction' | 'dialect'>, actor: Actor, budget: number): Promise<void> {
  await deps.writeTransaction(async (trx) => {
    const since = new Date(Date.parse(nowIso()) - SCHOOL_FIRST_SIGN_IN_WINDOW_MS).toISOString();
    if (await authRepository.writtenSince(trx, deps.dialect, FIRST_SIGN_INS_PAUSED, since)) return;
    await writeAudit(trx, actor, {
      action: FIRST_SIGN_INS_PAUSED,
      detail: `${budget} first sign-ins (date of birth) failed across the school within an hour, the latest from ${actor.address}: first sign-ins wait until the hour's failures are fewer. Students who chose a password are not held back.`,
    });
  });
}

/** The spraying and the paused first sign-ins seen in the last day, newest first, for the admins' dashboard. */
export async function recentSprayAlerts(db: Db) {
  const [spraying, paused] = await Promise.all([
    recentAuditOf(db, SPRAYING_SEEN, SHOWN_FOR_MS, 20),
    recentAuditOf(db, FIRST_SIGN_INS_PAUSED, SHOWN_FOR_MS, 20),
  ]);
  const rows = [...spraying, ...paused].sort((a, b) => b.at.localeCompare(a.at)).slice(0, 20);
  return { alerts: rows.map((row) => ({ at: row.at, address: row.ip ?? '', message: row.detail ?? '' })) };
}
