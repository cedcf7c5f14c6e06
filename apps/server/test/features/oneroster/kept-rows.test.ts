import { describe, expect, it } from 'vitest';
import { compareWithKept } from '../../../src/features/oneroster/kept-rows.ts';
import type { RosterRow } from '../../../src/features/oneroster/presenter.ts';
import type { KeptRow } from '../../../src/features/oneroster/repository.ts';

const row = (sourcedId: string, cells: string[]): RosterRow => ({ sourcedId, kind: 'student', cells });
const kept = (sourcedId: string, cells: string[], modified_at: string, deleted_at: string | null = null): KeptRow => ({
  sourced_id: sourcedId,
  kind: 'student',
  cells: JSON.stringify(cells),
  modified_at,
  deleted_at,
});
const now = new Date('2026-10-01T12:00:00.000Z');

describe('compareWithKept', () => {
  it('keeps the dates of rows unchanged, and stamps rows new, changed or back with the export’s time', () => {
    const compared = compareWithKept(
      [row('same', ['Ann']), row('changed', ['Bea', 'New']), row('new', ['Cara']), row('back', ['Dee'])],
      [
        kept('same', ['Ann'], '2026-09-01T00:00:00.000Z'),
        kept('changed', ['Bea', 'Old'], '2026-09-01T00:00:00.000Z'),
        kept('back', ['Dee'], '2026-09-02T00:00:00.000Z', '2026-09-02T00:00:00.000Z'),
      ],
      now,
    );
    expect(compared.at).toBe(now.toISOString());
    expect(compared.changed.map((change) => change.sourced_id)).toEqual(['changed', 'new', 'back']);
    expect(compared.changed.every((change) => change.modified_at === compared.at)).toBe(true);
    expect(compared.gone).toEqual([]);
    expect(compared.rows.map((dated) => [dated.sourcedId, dated.modifiedAt, dated.gone])).toEqual([
      ['same', '2026-09-01T00:00:00.000Z', false],
      ['changed', now.toISOString(), false],
      ['new', now.toISOString(), false],
      ['back', now.toISOString(), false],
    ]);
  });

  it('marks a row no longer in the roster gone at the export’s time, and one gone before keeps its date', () => {
    const compared = compareWithKept(
      [row('stays', ['Ann'])],
      [
        kept('stays', ['Ann'], '2026-09-01T00:00:00.000Z'),
        kept('leaves', ['Bea'], '2026-09-01T00:00:00.000Z'),
        kept('left', ['Cara'], '2026-09-03T00:00:00.000Z', '2026-09-03T00:00:00.000Z'),
      ],
      now,
    );
    expect(compared.gone).toEqual(['leaves']);
    expect(compared.rows.filter((dated) => dated.gone).map((dated) => [dated.sourcedId, dated.modifiedAt, dated.cells])).toEqual([
      ['leaves', now.toISOString(), ['Bea']],
      ['left', '2026-09-03T00:00:00.000Z', ['Cara']],
    ]);
  });

  it('dates a change after every date kept, even when the clock reads earlier', () => {
    const later = '2026-10-01T12:00:05.000Z';
    const compared = compareWithKept([row('changed', ['New'])], [kept('changed', ['Old'], later)], now);
    expect(compared.at).toBe('2026-10-01T12:00:05.001Z');
    expect(compared.rows[0].modifiedAt > later).toBe(true);
  });
});
