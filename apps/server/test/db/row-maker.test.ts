import { describe, expect, it } from 'vitest';
import { objectPicker, rowMaker } from '../../src/db/row-maker.ts';

describe('rows made from their values in one go', () => {
  it('names each value by its column, a later column of the same name winning', () => {
    const make = rowMaker(['id', 'name', 'id', 'a"b\\c', 'constructor']);
    const row = make(['1', 'Zoë', '2', 'odd', 'plain']);
    expect(row).toEqual({ id: '2', name: 'Zoë', 'a"b\\c': 'odd', constructor: 'plain' });
    expect(Object.keys(row)).toEqual(['id', 'name', 'a"b\\c', 'constructor']);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
  });

  it('makes the numeric columns numbers again, and keeps their nulls', () => {
    const make = rowMaker(['flag', 'count', 'text'], new Set(['flag', 'count']));
    expect(make(['1', null, '007'])).toEqual({ flag: 1, count: null, text: '007' });
    expect(make(['0', '-12', null])).toEqual({ flag: 0, count: -12, text: null });
  });

  it('refuses a column named __proto__, which a literal would take for the prototype', () => {
    expect(() => rowMaker(['id', '__proto__'])).toThrow(/__proto__/);
    expect(() => objectPicker([['__proto__', 'id']])).toThrow(/__proto__/);
  });

  it('copies named properties under their new names, a missing or undefined one as null', () => {
    const pick = objectPicker([
      ['id', 'id'],
      ['student_id', 'id'],
      ['updatedAt', 'updated_at'],
      ['gone', 'not_there'],
      ['quoted "name"', 'odd \\ key'],
    ]);
    const picked = pick({ id: '7', updated_at: 'v1', extra: 'left out', 'odd \\ key': 0, nothing: undefined });
    expect(picked).toEqual({ id: '7', student_id: '7', updatedAt: 'v1', gone: null, 'quoted "name"': 0 });
    expect(Object.keys(picked)).toEqual(['id', 'student_id', 'updatedAt', 'gone', 'quoted "name"']);
  });
});
