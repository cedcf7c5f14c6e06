import { describe, expect, it } from 'vitest';
import { asDashedDate, formatDay, formatSchoolDay, formatSchoolTime, today } from '../../src/lib/format-day.ts';

describe('days as the school writes them', () => {
  it('writes a day in a sentence the same whatever the browser’s locale, and twice alike', () => {
    expect(formatDay('2026-11-26')).toBe('26 November 2026');
    expect(formatDay('2027-01-05')).toBe('5 January 2027');
  });

  it('writes a moment as the school’s clock shows it, and the school’s day it fell on, whatever the browser’s time zone', () => {
    expect(formatSchoolTime('2026-11-27T02:30:00.000Z', 'America/Port_of_Spain')).toBe('26 Nov 2026, 22:30');
    expect(formatSchoolTime('2026-11-27T02:30:00.000Z', 'Europe/London')).toBe('27 Nov 2026, 02:30');
    expect(formatSchoolDay('2026-11-27T02:30:00.000Z', 'America/Port_of_Spain')).toBe('26 November 2026');
    expect(formatSchoolDay('2026-11-27T02:30:00.000Z', 'Europe/London')).toBe('27 November 2026');
  });

  it('gives typed digits their dashes, and leaves other text as it is', () => {
    expect(asDashedDate('20261103')).toBe('2026-11-03');
    expect(asDashedDate('202611')).toBe('2026-11');
    expect(asDashedDate('2026')).toBe('2026');
    expect(asDashedDate('2026-11')).toBe('2026-11');
  });

  it('names today in the browser’s own calendar', () => {
    expect(today(new Date(2026, 10, 27, 23, 30))).toBe('2026-11-27');
  });
});
