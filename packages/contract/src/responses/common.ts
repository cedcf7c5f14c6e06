import { z } from 'zod';

/** The error shape of every 4xx and 5xx answer (SPEC §8 reads `errors` first, then `message`). */
export const apiErrorSchema = z
  .object({
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .loose();

/** A plain acknowledgement: `{ message }`, the sentence the screen shows. */
export const messageSchema = z.object({ message: z.string() });
