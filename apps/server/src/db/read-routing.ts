import { sql } from 'kysely';
import type { Db } from './database.ts';

/** How far behind the primary the standby may be and still serve the heavy reads (decision 073). */
export const MAX_STANDBY_LAG_MS = 5000;
/** How often the standby is measured: every few seconds, never for a request. */
export const STANDBY_CHECK_EVERY_MS = 2000;

/**
 * What a look at the standby found: a standby this far behind the primary (0 when it has replayed
 * everything the primary had written when the look began); a server that is no standby (promoted
 * after a failover, or never one); or no answer, from it or from the primary.
 */
export type StandbyState = { kind: 'standby'; lagMs: number } | { kind: 'not a standby' } | { kind: 'no answer'; problem: string };

/**
 * Measures how far the standby is behind the primary, with PostgreSQL's own replay figures. The
 * primary's write position is read first: a standby that has replayed up to it has everything
 * the primary had then. Otherwise its lag is the age of the last transaction it replayed, which
 * overstates it after the primary has been idle (the heavy reads then go to the primary until the
 * next look), and needs the two machines' clocks in step (NTP).
 */
export async function measureStandby(primary: Db, standby: Db): Promise<StandbyState> {
  try {
    const written = await sql<{ position: string }>`SELECT pg_current_wal_lsn()::text AS position`.execute(primary);
    const { rows } = await sql<{ recovering: boolean; caught_up: boolean | null; behind_ms: number | null }>`
      SELECT pg_is_in_recovery() AS recovering,
        pg_last_wal_replay_lsn() >= ${written.rows[0]!.position}::pg_lsn AS caught_up,
        (EXTRACT(EPOCH FROM clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000)::float8 AS behind_ms`.execute(standby);
    const found = rows[0]!;
    if (!found.recovering) return { kind: 'not a standby' };
    if (found.caught_up) return { kind: 'standby', lagMs: 0 };
    return { kind: 'standby', lagMs: found.behind_ms === null ? Number.POSITIVE_INFINITY : Math.max(0, found.behind_ms) };
  } catch (error) {
    return { kind: 'no answer', problem: error instanceof Error ? error.message : String(error) };
  }
}

/** Whether a standby in this state may serve the heavy reads. */
export const standbyServes = (state: StandbyState | null, maxLagMs = MAX_STANDBY_LAG_MS): boolean => state?.kind === 'standby' && state.lagMs < maxLagMs;

/** A sentence for the log when the heavy reads change place. */
export function routingChange(state: StandbyState | null, toStandby: boolean): string {
  if (toStandby && state?.kind === 'standby')
    return `The heavy reads go to the standby (DATABASE_READ_URL), ${(state.lagMs / 1000).toFixed(1)} s behind the primary.`;
  const why =
    state === null
      ? 'its last look is too old'
      : state.kind === 'standby'
        ? `it is ${(state.lagMs / 1000).toFixed(1)} s behind the primary`
        : state.kind === 'not a standby'
          ? 'it is no longer a standby (promoted?)'
          : `it did not answer (${state.problem})`;
  return `The heavy reads go to the primary: the standby (DATABASE_READ_URL) cannot serve them, ${why}.`;
}

export type ReadRouting = {
  /** The database the next heavy read goes to: the standby while it keeps up, else the primary. */
  heavyReads(): Db;
  /** The last look at the standby, null before the first (or with no standby). */
  state(): StandbyState | null;
  /** Resolves once the first look has been taken. */
  ready: Promise<void>;
  /** Stops looking. */
  stop(): void;
};

export type ReadRoutingOptions = {
  maxLagMs?: number;
  everyMs?: number;
  /** How the standby is measured; `measureStandby` unless a test gives the figures. */
  measure?: (primary: Db, standby: Db) => Promise<StandbyState>;
  /** Told, in a sentence, each time the heavy reads change place, and whether they go to the standby now. */
  onChange?: (sentence: string, toStandby: boolean) => void;
};

/**
 * Sends the heavy reads (the registration spreadsheet, the all-classes report, Parents Contact,
 * the audit search and Messages: decision 073) to the standby while it is less than `maxLagMs`
 * behind, else to the primary. The standby is measured every `everyMs`, in the background; a
 * look older than three rounds (a look that hangs) counts as no answer. Everything else, and
 * every write, stays on the primary. With no standby every read goes to the primary.
 */
export function routeReads(primary: Db, standby: Db | undefined, options: ReadRoutingOptions = {}): ReadRouting {
  if (!standby) return { heavyReads: () => primary, state: () => null, ready: Promise.resolve(), stop: () => undefined };
  const { maxLagMs = MAX_STANDBY_LAG_MS, everyMs = STANDBY_CHECK_EVERY_MS, measure = measureStandby, onChange } = options;
  let last: { state: StandbyState; at: number } | null = null;
  let looking = false;
  let toStandby = false;
  const current = () => (last && Date.now() - last.at < 3 * everyMs ? last.state : null);
  const choose = () => {
    const serves = standbyServes(current(), maxLagMs);
    if (serves !== toStandby && (serves || last !== null)) onChange?.(routingChange(current(), serves), serves);
    toStandby = serves;
    return serves;
  };
  const look = async () => {
    if (looking) return;
    looking = true;
    try {
      last = { state: await measure(primary, standby), at: Date.now() };
      choose();
    } finally {
      looking = false;
    }
  };
  const ready = look();
  const timer = setInterval(() => void look(), everyMs);
  timer.unref();
  return {
    heavyReads: () => (choose() ? standby : primary),
    state: () => last?.state ?? null,
    ready,
    stop: () => clearInterval(timer),
  };
}
