import type { Db } from '../../db/database.ts';
import type { Deps } from '../../lib/deps.ts';
import type { Actor } from '../../session/actor.ts';
import { recentAuditOf, writeAudit } from '../audit/index.ts';

/** The audit log's action for an address seen spraying date-of-birth guesses (decision 015). */
export const SPRAYING_SEEN = 'sign-in.spraying-seen';
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

/** The spraying seen in the last day, newest first, for the admins' dashboard. */
export async function recentSprayAlerts(db: Db) {
  const rows = await recentAuditOf(db, SPRAYING_SEEN, SHOWN_FOR_MS, 20);
  return { alerts: rows.map((row) => ({ at: row.at, address: row.ip ?? '', message: row.detail ?? '' })) };
}
