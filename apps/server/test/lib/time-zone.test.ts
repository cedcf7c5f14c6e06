import { describe, expect, it } from 'vitest';
import { utcToZonedLocal, zonedDay, zonedLocalToUtc, zonedTimestamp } from '../../src/lib/time-zone.ts';

describe('school time', () => {
  it('keeps each time zone its own when several are used in turn', () => {
    const instant = new Date('2026-07-01T12:34:56Z');
    for (let round = 0; round < 2; round += 1) {
      expect(zonedTimestamp(instant, 'America/Port_of_Spain')).toBe('2026-07-01 08:34:56');
      expect(zonedTimestamp(instant, 'Europe/London')).toBe('2026-07-01 13:34:56');
      expect(zonedTimestamp(instant, 'UTC')).toBe('2026-07-01 12:34:56');
      expect(utcToZonedLocal('2026-01-15T12:00:00.000Z', 'Europe/London')).toBe('2026-01-15T12:00');
      expect(utcToZonedLocal('2026-07-15T12:00:00.000Z', 'Europe/London')).toBe('2026-07-15T13:00');
      expect(zonedLocalToUtc('2026-07-15T08:00', 'America/Port_of_Spain')).toBe('2026-07-15T12:00:00.000Z');
    }
  });

  it("gives the school's day, kept no longer than its minute, across midnight and between zones", () => {
    // 23:59:30 and then 00:00:10 in Port of Spain (UTC-4): the second falls on the next day.
    expect(zonedDay(new Date('2026-09-01T03:59:30Z'), 'America/Port_of_Spain')).toBe('2026-08-31');
    expect(zonedDay(new Date('2026-09-01T03:59:59Z'), 'America/Port_of_Spain')).toBe('2026-08-31');
    expect(zonedDay(new Date('2026-09-01T04:00:10Z'), 'America/Port_of_Spain')).toBe('2026-09-01');
    expect(zonedDay(new Date('2026-09-01T04:00:10Z'), 'Asia/Tokyo')).toBe('2026-09-01');
    expect(zonedDay(new Date('2026-09-01T03:59:59Z'), 'America/Port_of_Spain')).toBe('2026-08-31');
    expect(zonedDay(new Date('2026-08-31T15:00:00Z'), 'Asia/Tokyo')).toBe('2026-09-01');
  });

  it('refuses a time zone that does not exist, every time it is asked', () => {
    expect(() => zonedTimestamp(new Date(), 'Mars/Olympus_Mons')).toThrow(RangeError);
    expect(() => zonedTimestamp(new Date(), 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});
