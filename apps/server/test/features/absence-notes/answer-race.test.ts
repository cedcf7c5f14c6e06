import { absenceNoteMessages, type AbsenceNote } from '@school/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApp, createStudent, signedInStaff } from '../../helpers/factories.ts';
import { createGuardian, linkGuardian, withGuardianSession } from '../../helpers/guardians.ts';
import { TestClient, type TestApp } from '../../helpers/test-app.ts';
import { noteMessages, termAroundToday, weekdayBefore } from './absence-notes-helpers.ts';

/**
 * Every answer is whole (issue 51, point 4; decision 065): two office members answering one note at
 * once, 50 answers in all, some accepting and some declining: exactly one wins, with one audit row
 * and one set of messages to the family; every other answer is 409, saying the note was already
 * answered the winner's way. Run on each database (TEST_DB).
 */
let t: TestApp;
let first: TestClient;
let second: TestClient;
let mother: TestClient;
let studentId: string;

beforeAll(async () => {
  let admin: TestClient;
  ({ t, admin } = await adminApp({ staffMfa: 'optional' }));
  await termAroundToday(admin);
  studentId = (await createStudent(t.db, { class_id: '2C' })).id;
  const guardians = [await createGuardian(t.db), await createGuardian(t.db)];
  for (const guardian of guardians) await linkGuardian(t.db, guardian, studentId);
  mother = await withGuardianSession(new TestClient(t.app, '10.61.0.1'), t.db, guardians[0]!);
  first = await signedInStaff(t.app, t.db, 'office-race-1', { role: 'office' });
  second = await signedInStaff(t.app, t.db, 'office-race-2', { role: 'office' });
});
afterAll(() => t.close());

describe('50 answers at once to one note', () => {
  it('lets exactly one win; the 49 others are told it was already answered, and nothing of theirs is kept', async () => {
    const sent = await mother.post('/api/absence-notes', { student_id: studentId, from: weekdayBefore(1), to: weekdayBefore(1), reason: 'illness' });
    expect(sent.statusCode, sent.body).toBe(200);
    const { note } = sent.json() as { note: AbsenceNote };
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        (index % 2 === 0 ? first : second).patch(
          `/api/absence-notes/${note.id}`,
          index % 3 === 0 ? { decision: 'decline', reason: `Declined by answer ${index}.` } : { decision: 'accept' },
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);

    const winner = answers.find((answer) => answer.statusCode === 200)!.json() as { note: AbsenceNote };
    const won = winner.note.status as 'accepted' | 'declined';
    for (const answer of answers.filter((each) => each.statusCode === 409))
      expect(answer.json()).toMatchObject({ message: absenceNoteMessages.alreadyAnswered(won), note: { id: note.id, status: won } });

    const stored = await t.db.selectFrom('absence_notes').selectAll().where('public_id', '=', note.id).executeTakeFirstOrThrow();
    expect(stored.status).toBe(won);
    expect(stored.decline_reason).toBe(winner.note.decline_reason);
    const audit = await t.db.selectFrom('audit_log').select('action').where('detail', '=', `note ${note.id}`).execute();
    expect(audit.map((row) => row.action)).toEqual([`absence-note.${won}`]);
    const told = (await noteMessages(t.db)).filter((each) => each.event === `absence-note.answered:${note.id}`);
    expect(told).toHaveLength(2);
  });
});
