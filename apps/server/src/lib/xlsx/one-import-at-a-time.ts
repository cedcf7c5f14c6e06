import { Conflict } from '../errors.ts';

/** The kinds of import this process is reading or writing now. */
const underWay = new Set<string>();

/**
 * Runs an import of `kind` unless one of the same kind is already under way in this process, which
 * answers 409: a second large spreadsheet read meanwhile would only double the memory and the
 * wait (issue: spreadsheet imports freeze the server). `what` names the import for the admin.
 */
export async function oneImportAtATime<T>(kind: string, what: string, work: () => Promise<T>): Promise<T> {
  if (underWay.has(kind)) throw new Conflict(`Another ${what} is being checked or written. Try again when it has finished.`);
  underWay.add(kind);
  try {
    return await work();
  } finally {
    underWay.delete(kind);
  }
}
