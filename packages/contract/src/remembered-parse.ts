import type { z } from 'zod';

/**
 * What a schema makes of a value (a JSON scalar), remembered per schema for the day (a date of
 * birth's range moves with the date): every save judges the whole record's completeness, and
 * nearly all of its values are the ones seen at the last save. Bounded whatever a client sends: values
 * longer than any field's are parsed each time, and past `REMEMBERED_MAX` answers in all the
 * memory starts again.
 */
const REMEMBERED_MAX = 50_000;
const REMEMBERED_LENGTH = 200;
const remembered = { day: '', size: 0, bySchema: new Map<z.ZodType, Map<unknown, { success: boolean; data?: unknown }>>() };
export function parseRemembered(schema: z.ZodType, value: unknown, today: string): { success: boolean; data?: unknown } {
  if (typeof value === 'string' && value.length > REMEMBERED_LENGTH) return schema.safeParse(value);
  if (remembered.day !== today || remembered.size >= REMEMBERED_MAX) Object.assign(remembered, { day: today, size: 0, bySchema: new Map() });
  let known = remembered.bySchema.get(schema);
  if (!known) remembered.bySchema.set(schema, (known = new Map()));
  let result = known.get(value);
  if (result === undefined) {
    const parsed = schema.safeParse(value);
    result = parsed.success ? { success: true, data: parsed.data } : { success: false };
    known.set(value, result);
    remembered.size += 1;
  }
  return result;
}
