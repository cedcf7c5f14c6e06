import { z } from 'zod';
import { limits } from './limits.ts';
import { messages } from './messages.ts';

/** A student ID's shape: letters, digits and hyphens, at most `limits.studentId` characters. */
const STUDENT_ID_SHAPE = /^[A-Za-z0-9-]+$/;

/**
 * Words that a program may write where it has no value (JavaScript's, Python's, a spreadsheet's):
 * never a student's ID, so that a missing value can never be taken for a student (decision 038).
 */
const RESERVED_IDS = new Set(['null', 'undefined', 'true', 'false', 'none', 'nan', 'nil', 'infinity']);

/**
 * What is wrong with a value given as a student ID, or null when it is one: a string of the ID's
 * shape (after trimming) that is not a reserved word. A number, null or an object is never an ID:
 * nothing is coerced, so `null` can never become the text 'null'.
 */
export function studentIdProblem(value: unknown): string | null {
  if (typeof value !== 'string') return messages.studentIdText;
  const id = value.trim();
  if (id === '') return messages.required;
  if (id.length > limits.studentId) return messages.tooLong(limits.studentId);
  if (!STUDENT_ID_SHAPE.test(id)) return messages.studentIdShape;
  if (RESERVED_IDS.has(id.toLowerCase())) return messages.studentIdReserved;
  return null;
}

/** Whether a value is a student ID (`studentIdProblem` finds nothing wrong). */
export const isStudentId = (value: unknown): value is string => studentIdProblem(value) === null;

/** A student ID in a body or a path: one rule (`studentIdProblem`), trimmed; null, a number or an object is refused. */
export const studentIdField = z
  .string({ error: (issue) => (issue.input === undefined ? messages.required : messages.studentIdText) })
  .superRefine((value, context) => {
    const problem = studentIdProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .transform((value) => value.trim())
  .meta({ description: 'A student ID: letters, digits and hyphens, at most 20 characters; never null, a number or a reserved word.' });
