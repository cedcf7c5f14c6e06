import { z } from 'zod';
import { isRealDate } from '../field-rules.ts';
import { limits } from '../limits.ts';
import { messages } from '../messages.ts';
import { studentIdField } from '../student-id.ts';
import { isStorableLine } from '../xml-characters.ts';

/**
 * `dry_run` of every import and bulk upload (DESIGN §3, decision 037), a multipart field or a query
 * value: `true` only checks the file and is what leaving it out means; `false` writes. Any other
 * value is refused rather than guessed at, so a caller never writes, or only checks, by mistake.
 */
export const dryRunField = z
  .enum(['true', 'false'], { message: messages.dryRun })
  .default('true')
  .meta({ description: 'true (the default) only checks the file and changes nothing; false imports it.' })
  .transform((value) => value === 'true');

/** Text the caller must give: trimmed, not empty, at most `max` characters. */
export const requiredText = (max: number) => z.string({ message: messages.required }).trim().min(1, messages.required).max(max, messages.tooLong(max));

export { isStorableLine, isStorableText } from '../xml-characters.ts';

/** A one-line text the caller must give, to be stored (`isStorableLine`); `label` names it in the 422. */
export const requiredLine = (max: number, label: string) => requiredText(max).refine(isStorableLine, messages.forbiddenCharacter(label));

/** A one-line text the caller may leave out, to be stored (`isStorableLine`); `label` names it in the 422. */
export const optionalLine = (max: number, label: string) =>
  z.string().trim().max(max, messages.tooLong(max)).refine(isStorableLine, messages.forbiddenCharacter(label)).optional();

/** A value as text: a choice keeps its words ('true' | 'false'), anything else is a string. */
type AsText<Value> = [Exclude<Value, undefined>] extends [string] ? Exclude<Value, undefined> : string;

/**
 * The text fields of a multipart form, or the values of a query string, as a web call sends them
 * for a request schema: every value is text, and a field the schema can do without may be left out.
 */
export type TextFields<Schema extends z.ZodType<object>> = {
  [Key in keyof z.input<Schema> as undefined extends z.input<Schema>[Key] ? never : Key]: AsText<z.input<Schema>[Key]>;
} & {
  [Key in keyof z.input<Schema> as undefined extends z.input<Schema>[Key] ? Key : never]?: AsText<z.input<Schema>[Key]>;
};

/**
 * A student ID named in a path (`/api/…/{id}`): the same one rule and trim as in a body
 * (`studentIdField`), which the access check applies to the path too.
 */
export const studentIdParam = studentIdField;

/** A class's id ('1A') in a path or a body: trimmed, at most `limits.classId` characters, as a rollover names classes. */
export const classIdField = z.string({ message: messages.required }).trim().min(1, messages.required).max(limits.classId, messages.tooLong(limits.classId));

/** A day written yyyy-MM-dd, a real one (2026-02-30 is refused). */
export const dayField = z.string({ message: messages.dayShape }).trim().refine(isRealDate, messages.dayShape);

/** A row's numeric id in a path ('/api/messages/12'): a positive whole number that fits the database's integer. */
export const rowIdParams = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
});

/** `page` of a paged list's query: counts from 1, 1 when left out. */
export const pageField = z.coerce
  .number({ message: messages.pageNumber })
  .int(messages.pageNumber)
  .min(1, messages.pageNumber)
  .max(1_000_000, messages.pageNumber)
  .default(1);

/** The rows a page shows, for a repository's offset and limit. */
export const pageWindow = (page: number, pageSize: number): { offset: number; limit: number } => ({ offset: (page - 1) * pageSize, limit: pageSize });
