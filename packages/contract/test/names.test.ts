import { describe, expect, it } from 'vitest';
import { displayName, listName } from '../src/names.ts';

describe('the name rule', () => {
  it("lists a student as 'Last, First' and names her as 'First Middle Last'", () => {
    const student = { first_name: 'Aaliyah', middle_name: 'Marie', last_name: 'Ramdeen' };
    expect(listName(student)).toBe('Ramdeen, Aaliyah');
    expect(displayName(student)).toBe('Aaliyah Marie Ramdeen');
    expect(displayName({ first_name: 'Aaliyah', last_name: 'Ramdeen' })).toBe('Aaliyah Ramdeen');
  });

  it('leaves out a missing, empty or blank part, and trims the others', () => {
    expect(listName({ first_name: null, last_name: 'Ramdeen' })).toBe('Ramdeen');
    expect(listName({ first_name: ' Aaliyah ', last_name: '' })).toBe('Aaliyah');
    expect(displayName({ first_name: 'Aaliyah', middle_name: '  ', last_name: undefined })).toBe('Aaliyah');
    expect(displayName({ first_name: null, last_name: null })).toBe('');
    expect(listName({})).toBe('');
  });
});
