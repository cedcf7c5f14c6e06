import { z } from 'zod';
import { messages } from '../messages.ts';

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
