/**
 * The log as a person reads it in the terminal where `npm start` runs (decision 017): one short
 * line per entry, `HH:mm:ss LEVEL message`, instead of pino's JSON. Requests are not logged in this
 * form, so the sign-in details printed at start-up stay in view.
 */

const levelNames: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

type LogEntry = { level?: number; time?: number; msg?: string; err?: { message?: string }; req?: { method?: string; url?: string } };

/** One JSON log line as one human line (a line that is not JSON passes through unchanged). */
export function humanLogLine(json: string): string {
  let entry: LogEntry;
  try {
    entry = JSON.parse(json) as LogEntry;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const time = new Date(entry.time ?? Date.now()).toTimeString().slice(0, 8);
  const level = levelNames[entry.level ?? 30] ?? String(entry.level);
  const request = entry.req?.method ? ` (${entry.req.method} ${entry.req.url})` : '';
  const error = entry.err?.message && entry.err.message !== entry.msg ? `: ${entry.err.message}` : '';
  return `${time} ${level} ${entry.msg ?? ''}${error}${request}\n`;
}

/** A pino destination that writes human lines to standard output. */
export const humanLogStream = { write: (line: string) => void process.stdout.write(humanLogLine(line)) };
