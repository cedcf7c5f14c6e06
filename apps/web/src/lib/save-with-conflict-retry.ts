import { ApiError } from '../api/client.ts';

/** How many times in a row a save is laid on a newer record before it is given up as failed. */
export const MAX_CONFLICT_RETRIES = 5;

/**
 * Saves `change` laid on `record`. When someone else saved first the server answers 409 with the
 * newest record: the change is laid on that one and saved again (DESIGN §3), so neither editor's
 * change is lost, up to MAX_CONFLICT_RETRIES times. `onConflict` hears of each newer record.
 * Anything else (and a 409 past the limit) is thrown as it came.
 */
export async function saveWithConflictRetry<T extends object, Answer>(props: {
  record: T;
  change: Partial<T>;
  save: (record: T) => Promise<Answer>;
  onConflict?: (newest: T) => void;
}): Promise<Answer> {
  let base = props.record;
  for (let conflicts = 0; ; conflicts += 1) {
    try {
      return await props.save({ ...base, ...props.change });
    } catch (error) {
      const newest = error instanceof ApiError && error.status === 409 ? error.body.record : undefined;
      if (!newest || typeof newest !== 'object' || conflicts >= MAX_CONFLICT_RETRIES) throw error;
      base = newest as T;
      props.onConflict?.(base);
    }
  }
}
