import { describe, expect, it } from 'vitest';
import { asDashedDate, formatDay, today } from '../../src/lib/format-day.ts';

describe('days as the school writes them', () => {
  it('writes a day in a sentence the same whatever the browser’s locale, and twice alike', () => {
    expect(formatDay('2026-11-26')).toBe('26 November 2026');
    expect(formatDay('2027-01-05')).toBe('5 January 2027');
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
