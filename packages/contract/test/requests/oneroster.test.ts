import { describe, expect, it } from 'vitest';
import { oneRosterQuery, rosterSinceInstant } from '../../src/index.ts';

describe('rosterSinceInstant (since of GET /api/oneroster.zip)', () => {
  it('reads a moment in ISO 8601 with its zone as the instant it names, in UTC to the millisecond', () => {
    expect(rosterSinceInstant('2026-09-01T08:00:00Z')).toBe('2026-09-01T08:00:00.000Z');
    expect(rosterSinceInstant('2026-09-01T04:00:00-04:00')).toBe('2026-09-01T08:00:00.000Z');
    expect(rosterSinceInstant('2026-09-01T09:30+01:30')).toBe('2026-09-01T08:00:00.000Z');
    expect(rosterSinceInstant('2026-09-01T08:00:00.5Z')).toBe('2026-09-01T08:00:00.500Z');
    expect(rosterSinceInstant('2026-09-01T08:00:00.123456789Z')).toBe('2026-09-01T08:00:00.123Z');
    expect(rosterSinceInstant('2026-12-31T23:59:59+00:00')).toBe('2026-12-31T23:59:59.000Z');
  });

  it('refuses a day alone, a moment with no zone, a day or time that does not exist, and anything else', () => {
    for (const text of [
      '',
      'yesterday',
      '2026-09-01',
      '2026-09-01T08:00:00',
      '2026-09-01 08:00:00Z',
      '2026-02-30T08:00:00Z',
      '2026-09-01T24:00:00Z',
      '2026-09-01T08:60:00Z',
      '2026-09-01T08:00:00+0400',
      'Tue, 01 Sep 2026 08:00:00 GMT',
      '1788249600',
      `2026-09-01T08:00:00.${'1'.repeat(40)}Z`,
    ])
      expect(rosterSinceInstant(text), text).toBeNull();
  });

  it('is left to the server in the query, beside leavers, so that a bad one is answered in its own words', () => {
    expect(oneRosterQuery.parse({ since: 'yesterday' })).toEqual({ since: 'yesterday', leavers: 'leave-out' });
    expect(oneRosterQuery.parse({})).toEqual({ leavers: 'leave-out' });
    expect(oneRosterQuery.safeParse({ leavers: 'all' }).success).toBe(false);
  });
});
