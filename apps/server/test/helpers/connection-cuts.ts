import pg from 'pg';
import { databaseMessages } from '../../src/lib/error-handler.ts';

/**
 * Cuts every connection to the test's database (`pg_terminate_backend`) every `everyMs` (the first
 * time after `firstAfterMs`) from a connection of its own, until `stop()`, which answers how many
 * connections it cut.
 */
export async function cutConnectionsEvery(databaseUrl: string, everyMs: number, { firstAfterMs = everyMs } = {}): Promise<{ stop(): Promise<number> }> {
  const killer = new pg.Client({ connectionString: databaseUrl });
  killer.on('error', () => undefined); // ended when the test's database is dropped
  await killer.connect();
  let cuts = 0;
  let cutting = true;
  const cutter = (async () => {
    for (let wait = firstAfterMs; cutting; wait = everyMs) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      if (!cutting) break;
      const { rows } = await killer.query<{ cut: boolean }>(
        'SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      cuts += rows.filter((row) => row.cut).length;
    }
  })();
  return {
    async stop() {
      cutting = false;
      await cutter;
      await killer.end();
      return cuts;
    },
  };
}

/**
 * Whether a whole file's write stopped by a fault was answered in words, never in the database's
 * own: 409 with `notWritten` (a thrown error, or a cut the write saw as one), or, for a cut
 * connection, the error handler's 503 that the connection was lost.
 */
export function stoppedInWords(answer: { status: number; message: string }, fault: 'error' | 'connections cut', notWritten: string): boolean {
  if (answer.status === 409) return answer.message === notWritten;
  return fault === 'connections cut' && answer.status === 503 && [databaseMessages.unknown, databaseMessages.lost].includes(answer.message);
}
