import { describe, expect, it } from 'vitest';
import { fileNames } from '../src/file-names.ts';
import { limits, pageSizes } from '../src/limits.ts';
import { messages } from '../src/messages.ts';
import { auditQuery, messagesQuery } from '../src/requests/index.ts';
import { classIdField, dayField, pageField, pageWindow, studentIdParam } from '../src/requests/common.ts';

const problem = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('the shared request schemas', () => {
  it('reads a student ID in a path by the one rule, trimmed', () => {
    expect(studentIdParam.parse(' 2026-001 ')).toBe('2026-001');
    expect(problem(studentIdParam.safeParse('a b'))).toBe(messages.studentIdShape);
    expect(problem(studentIdParam.safeParse('null'))).toBe(messages.studentIdReserved);
    expect(problem(studentIdParam.safeParse('9'.repeat(limits.studentId + 1)))).toBe(messages.tooLong(limits.studentId));
  });

  it('takes a class ID up to limits.classId characters and no more', () => {
    expect(classIdField.parse(` ${'C'.repeat(limits.classId)} `)).toBe('C'.repeat(limits.classId));
    expect(problem(classIdField.safeParse('C'.repeat(limits.classId + 1)))).toBe(messages.tooLong(limits.classId));
    expect(problem(classIdField.safeParse('  '))).toBe(messages.required);
  });

  it('takes only real days written yyyy-MM-dd', () => {
    expect(dayField.parse('2028-02-29')).toBe('2028-02-29');
    for (const day of ['2026-02-30', '2026-2-3', '03-10-2026', '']) expect(problem(dayField.safeParse(day)), day).toBe(messages.dayShape);
  });

  it('reads one page shape in every paged list', () => {
    expect(pageField.parse(undefined)).toBe(1);
    expect(pageField.parse('3')).toBe(3);
    for (const page of ['0', '-1', '1.5', 'x']) expect(problem(pageField.safeParse(page)), page).toBe(messages.pageNumber);
    expect(problem(messagesQuery.safeParse({ page: '0' }))).toBe(messages.pageNumber);
    expect(problem(auditQuery.safeParse({ page: '0' }))).toBe(messages.pageNumber);
    expect(pageWindow(3, pageSizes.auditLog)).toEqual({ offset: 2 * pageSizes.auditLog, limit: pageSizes.auditLog });
  });

  it('leaves an empty audit day out, and refuses one that is not a day', () => {
    expect(auditQuery.parse({ from: ' ', to: '' })).toMatchObject({ from: undefined, to: undefined });
    expect(problem(auditQuery.safeParse({ from: '2026-02-30' }))).toBe(messages.dayShape);
    expect(problem(auditQuery.safeParse({ from: '2026-03-02', to: '2026-03-01' }))).toBe(messages.endBeforeStart);
  });
});

describe('file names', () => {
  it('names a student’s copy of her data with or without her ID', () => {
    expect(fileNames.myData('2026-001', '2026-12-05')).toBe('My Data 2026-001 2026-12-05.zip');
    expect(fileNames.myData(null, '2026-12-05')).toBe('My Data 2026-12-05.zip');
  });
  it('names the attendance report alike on both sides, and the spreadsheet as SPEC §9 does', () => {
    expect(fileNames.attendanceReport('2026-001', '2026-01-05', '2026-03-27')).toBe('attendance-2026-001-2026-01-05-2026-03-27.pdf');
    expect(fileNames.registrationData).toBe('Registration Data.xlsx');
  });
});
