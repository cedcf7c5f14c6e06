import { messages, type ScannerScan } from '@school/contract';
import type { Actor } from '../../session/actor.ts';
import type { Deps } from '../../lib/deps.ts';
import { writeAudit } from '../audit/index.ts';
import { attendanceRepository } from './repository.ts';
import { storeScans, type IncomingScan } from './scan-days.ts';
import { bellTimes } from './term-calendar.ts';

/**
 * Takes a scanner's batch: scans of unknown students are refused one by one, a scan id seen before
 * is counted as a duplicate and changes nothing, the rest update the students' records at once.
 */
export async function receiveScannerBatch(
  deps: Deps,
  actor: Actor,
  scanner: { name: string },
  batch: ScannerScan[],
): Promise<{ accepted: number; duplicates: number; rejected: Array<{ scan_id: string; message: string }> }> {
  const known = await attendanceRepository.existingStudentIds(
    deps.db,
    batch.map((scan) => scan.student_id),
  );
  const rejected: Array<{ scan_id: string; message: string }> = [];
  const good: IncomingScan[] = [];
  const inBatch = new Set<string>();
  for (const scan of batch) {
    if (!known.has(scan.student_id)) rejected.push({ scan_id: scan.scan_id, message: messages.noStudentWithId(scan.student_id) });
    else if (!inBatch.has(scan.scan_id)) {
      inBatch.add(scan.scan_id);
      good.push({ scan_id: scan.scan_id, student_id: scan.student_id, scanned_at: new Date(scan.scanned_at), direction: scan.direction });
    }
  }
  const { kept } = await deps.writeTransaction(async (trx) => {
    const result = await storeScans(trx, good, { source: `scanner:${scanner.name}`, timeZone: deps.config.schoolTimeZone, bells: bellTimes(deps) });
    if (result.kept.size > 0)
      await writeAudit(trx, actor, {
        action: 'attendance.scans-received',
        attempted: `scanner:${scanner.name}`,
        detail: `${result.kept.size} scans from scanner ${scanner.name}`,
      });
    return result;
  });
  return { accepted: kept.size, duplicates: batch.length - rejected.length - kept.size, rejected };
}
