import { describe, expect, it } from 'vitest';
import { fieldByName, isRealDate, shownFieldValue, type CodeNames } from '../src/index.ts';

const names: CodeNames = { religions: new Map([['RC', 'Roman Catholic']]), ethnicGroups: new Map([['1', 'African']]), houses: new Map([['A', 'St. Anne']]) };
const shown = (name: string, value: unknown) => shownFieldValue(fieldByName.get(name)!, value, names);

describe('shownFieldValue', () => {
  it('reads a value as people do: Yes/No for a switch, words for a code, the 1868 number for a phone', () => {
    expect(shown('asthma', 1)).toBe('Yes');
    expect(shown('asthma', 0)).toBe('No');
    expect(shown('asthma', null)).toBe('No');
    expect(shown('religion_code', 'RC')).toBe('Roman Catholic');
    expect(shown('ethnic_group_code', 1)).toBe('African');
    expect(shown('mobile_phone_mother', '5551234')).toBe('1868-555-1234');
    expect(shown('allergy', 'Dust')).toBe('Dust');
  });

  it('gives null for an empty value, and the code itself when its list has no name for it', () => {
    expect(shown('allergy', '')).toBeNull();
    expect(shown('mobile_phone_mother', null)).toBeNull();
    expect(shown('religion_code', 'XYZ')).toBe('XYZ');
    expect(shown('address_line_2', 'Arima')).toBe('Arima');
  });
});

describe('isRealDate', () => {
  it('knows a whole day of the calendar from one typed in part or impossible', () => {
    expect(isRealDate('2028-02-29')).toBe(true);
    expect(isRealDate('2026-02-29')).toBe(false);
    expect(isRealDate('2026-13-01')).toBe(false);
    expect(isRealDate('2026-1-01')).toBe(false);
    expect(isRealDate('')).toBe(false);
  });
});
