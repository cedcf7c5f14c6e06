// The attendance figures of its issue: the attendance call for a term of records, and the date-range report PDF.
import { median, percentile, type BenchClient } from './http-client.ts';

import { ms, type RecordFigure } from './results.ts';

/** Times `runs` calls of `path` after 5 warm-up calls; every answer must be 200. */
async function timeCalls(admin: BenchClient, path: string, runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let index = 0; index < runs + 5; index += 1) {
    const response = await admin.get(path);
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    if (index >= 5) times.push(response.ms);
  }
  return times;
}

/**
 * `GET /api/student-attendance/{id}` for a demo student with this term's records (a school day
 * each since the term began), and the report PDF over the term so far: median and p95 of 50 each.
 */
export async function attendanceFigures(admin: BenchClient, studentId: string, record: RecordFigure): Promise<void> {
  const answer = JSON.parse((await admin.get(`/api/student-attendance/${studentId}`)).body) as { attendance_records: unknown[]; term_start: string };
  const call = await timeCalls(admin, `/api/student-attendance/${studentId}`, 50);
  record(
    `Attendance call median / p95 (${answer.attendance_records.length} school days)`,
    `${ms(median(call))} / ${ms(percentile(call, 95))}`,
    '≤ 20 ms median',
    median(call) <= 20,
  );
  const end = new Date().toISOString().slice(0, 10);
  const pdf = await timeCalls(admin, `/api/student-attendance-report/${studentId}/${answer.term_start}/${end}`, 50);
  record('Attendance report PDF median / p95', `${ms(median(pdf))} / ${ms(percentile(pdf, 95))}`, '≤ 100 ms median', median(pdf) <= 100);
}
