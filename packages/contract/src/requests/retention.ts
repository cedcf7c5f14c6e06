import { z } from 'zod';

/**
 * POST /api/retention/erase: `dry_run` (true, the default, only counts what is due and changes
 * nothing; false erases it), as every bulk change takes it (decision 037).
 */
export const retentionEraseRequest = z.object({
  dry_run: z.boolean({ message: 'dry_run is true (only count what is due, the default) or false (erase it).' }).default(true),
});
export type RetentionEraseRequest = z.input<typeof retentionEraseRequest>;
