import { describe, expect, it } from 'vitest';
import { asDashedDate, asTypedDate, formatCount, formatDay, formatDayRange, formatSchoolDay, formatSchoolTime, today } from '../../src/lib/format-day.ts';

describe('dates as the school writes them (SPEC §9)', () => {
  it('writes a calendar day as yyyy-MM-dd, with its weekday in a list of days', () => {
    expect(formatDay('2026-11-26')).toBe('2026-11-26');
    expect(formatDay('2027-01-05T00:00:00.000Z')).toBe('2027-01-05');
    expect(formatDayRange('2026-11-30', '2026-12-01')).toBe('Mon 2026-11-30 to Tue 2026-12-01');
    expect(formatDayRange('2026-11-29', '2026-11-29')).toBe('Sun 2026-11-29');
  });

  it('writes a moment on the school’s clock to the second, and the school’s day it fell on, whatever the browser’s time zone', () => {
    expect(formatSchoolTime('2026-11-27T02:30:05.000Z', 'America/Port_of_Spain')).toBe('2026-11-26 22:30:05');
    expect(formatSchoolTime('2026-11-27T02:30:05.000Z', 'Europe/London')).toBe('2026-11-27 02:30:05');
    expect(formatSchoolTime('2026-12-05T04:00:00.000Z', 'America/Port_of_Spain')).toBe('2026-12-05 00:00:00');
    expect(formatSchoolDay('2026-11-27T02:30:00.000Z', 'America/Port_of_Spain')).toBe('2026-11-26');
    expect(formatSchoolDay('2026-11-27T02:30:00.000Z', 'Europe/London')).toBe('2026-11-27');
  });

  it('gives typed digits their dashes, and leaves other text as it is', () => {
    expect(asDashedDate('20261103')).toBe('2026-11-03');
    expect(asDashedDate('202611')).toBe('2026-11');
    expect(asDashedDate('2026')).toBe('2026');
    expect(asDashedDate('2026-11')).toBe('2026-11');
    expect(asTypedDate('20140917')).toBe('2014-09-17');
    expect(asTypedDate('2014-0917')).toBe('2014-09-17');
    expect(asTypedDate('201409171')).toBe('2014-09-17');
    expect(asTypedDate('09/17/2014')).toBe('09/17/2014');
  });

  it('names today in the browser’s own calendar, and counts with thousands grouped', () => {
    expect(today(new Date(2026, 10, 27, 23, 30))).toBe('2026-11-27');
    expect(formatCount(1204)).toBe('1,204');
  });
});
