import type { RosterRow, RowKind } from './presenter.ts';
import type { KeptRow } from './repository.ts';

/** A roster row as an export hands it out: with when it last changed, and whether it has left the roster. */
export type DatedRow = RosterRow & { modifiedAt: string; gone: boolean };

/** What comparing the roster now with the rows kept of it found: what to keep, and every row with its dates. */
export type Comparison = {
  /** The export's time, which every row it finds new, changed or gone is given. */
  at: string;
  /** Rows new or changed since they were last kept, to keep as they are now. */
  changed: Array<Omit<KeptRow, 'deleted_at'>>;
  /** Rows kept as in the roster that are no longer in it. */
  gone: string[];
  /** The roster now, then the rows that have left it, each with its dates. */
  rows: DatedRow[];
};

/**
 * Compares the roster now with the rows kept of it (decision 075). A row new, changed (its cells
 * differ) or back after it left is stamped with the export's time; a kept row no longer in the
 * roster is marked gone at that time; the others keep their dates. The time is the clock's, but
 * always after every date already kept, so a change is never dated before a moment a consumer was
 * told the roster was as of.
 */
export function compareWithKept(current: readonly RosterRow[], kept: readonly KeptRow[], now: Date): Comparison {
  const latest = kept.reduce((max, row) => (row.modified_at > max ? row.modified_at : max), '');
  const at = latest && Date.parse(latest) >= now.getTime() ? new Date(Date.parse(latest) + 1).toISOString() : now.toISOString();
  const byId = new Map(kept.map((row) => [row.sourced_id, row]));
  const changed: Comparison['changed'] = [];
  const rows: DatedRow[] = [];
  for (const row of current) {
    const cells = JSON.stringify(row.cells);
    const before = byId.get(row.sourcedId);
    byId.delete(row.sourcedId);
    if (before && before.deleted_at === null && before.cells === cells && before.kind === row.kind) {
      rows.push({ ...row, modifiedAt: before.modified_at, gone: false });
      continue;
    }
    changed.push({ sourced_id: row.sourcedId, kind: row.kind, cells, modified_at: at });
    rows.push({ ...row, modifiedAt: at, gone: false });
  }
  const gone: string[] = [];
  for (const before of byId.values()) {
    if (before.deleted_at === null) gone.push(before.sourced_id);
    const row = { sourcedId: before.sourced_id, kind: before.kind as RowKind, cells: JSON.parse(before.cells) as string[] };
    rows.push({ ...row, modifiedAt: before.deleted_at === null ? at : before.modified_at, gone: true });
  }
  return { at, changed, gone, rows };
}
