import { contactChangeMessages, contactChangeStatusLabels } from '@school/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApp, createStudent, openRegistration, signedInStaff, signInAsStudent, STUDENT_PASSWORD } from '../../helpers/factories.ts';
import { createGuardian, linkGuardian, withGuardianSession } from '../../helpers/guardians.ts';
import { TestClient, type TestApp } from '../../helpers/test-app.ts';

/**
 * Every request is whole (issue 51, point 4; decision 066): office members answering one contact
 * change at once — one wins, with its record write, audit row and message; the others are told it
 * was answered (409) and change nothing. A guardian's changes sent at once leave one waiting. An
 * approval and the girl's own save at the same moment both hold. Run on each database (TEST_DB).
 */
let t: TestApp;
let officeA: TestClient;
let officeB: TestClient;

beforeAll(async () => {
  ({ t } = await adminApp({ staffMfa: 'optional' }));
  officeA = await signedInStaff(t.app, t.db, 'office-a', { role: 'office' });
  officeB = await signedInStaff(t.app, t.db, 'office-b', { role: 'office' });
  await openRegistration(t.db);
});
afterAll(() => t.close());

async function fatherOf(fields: Record<string, string> = {}) {
  const girl = await createStudent(
    t.db,
    { living_status: 'Father Only', father_name: 'Mark Charles', mobile_phone_father: '6201111', ...fields },
    { password: STUDENT_PASSWORD },
  );
  const father = await createGuardian(t.db);
  await linkGuardian(t.db, father, girl.id, { relationship: 'father' });
  return { girl, father, client: await withGuardianSession(new TestClient(t.app, '10.52.0.1'), t.db, father) };
}

const countOf = async (query: Promise<Array<unknown>>) => (await query).length;

describe('fifty answers to one change at once', () => {
  it('one wins: the record written once, one audit row, one message; the other 49 are told it was answered', async () => {
    const { girl, client } = await fatherOf();
    const sent = await client.post('/api/contact-changes', { student_id: girl.id, changes: { mobile_phone_father: '6209999', father_occupation: 'Pilot' } });
    expect(sent.statusCode, sent.body).toBe(200);
    const id = sent.json().change.id as string;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        (n % 2 ? officeA : officeB).patch(`/api/contact-changes/${id}`, {
          decisions: { mobile_phone_father: n % 3 ? 'approved' : 'declined', father_occupation: 'approved' },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    const winner = answers.find((answer) => answer.statusCode === 200)!.json();
    for (const loser of answers.filter((answer) => answer.statusCode === 409)) {
      expect(loser.json().message).toBe(contactChangeMessages.alreadyAnswered(contactChangeStatusLabels[winner.status as 'approved']));
      expect(loser.json().change.status).toBe(winner.status);
    }
    const approvedPhone = winner.fields.find((field: { field: string }) => field.field === 'mobile_phone_father').decision === 'approved';
    const stored = await t.db.selectFrom('students').select(['mobile_phone_father', 'father_occupation']).where('id', '=', girl.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ mobile_phone_father: approvedPhone ? '6209999' : '6201111', father_occupation: 'Pilot' });
    const audit = (action: string) => t.db.selectFrom('audit_log').select('id').where('student_id', '=', girl.id).where('action', '=', action).execute();
    expect(await countOf(audit('contact-change.answered'))).toBe(1);
    expect(await countOf(audit('student.record-updated'))).toBe(1);
    expect(
      await countOf(t.db.selectFrom('outbox').select('id').where('student_id', '=', girl.id).where('event', '=', `contact-change.answered:${id}`).execute()),
    ).toBe(1);
    const decided = await t.db
      .selectFrom('contact_change_fields as f')
      .innerJoin('contact_changes as c', 'c.id', 'f.change_id')
      .select(['f.field', 'f.decision'])
      .where('c.public_id', '=', id)
      .orderBy('f.field')
      .execute();
    expect(decided).toEqual([
      { field: 'father_occupation', decision: 'approved' },
      { field: 'mobile_phone_father', decision: approvedPhone ? 'approved' : 'declined' },
    ]);
  });
});

describe('changes sent at once', () => {
  it('by one guardian for one girl leave exactly one waiting, the rest replaced', async () => {
    const { girl, client } = await fatherOf();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        client.post('/api/contact-changes', { student_id: girl.id, changes: { mobile_phone_father: `62030${String(n).padStart(2, '0')}` } }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    const states = await t.db.selectFrom('contact_changes').select('status').where('student_id', '=', girl.id).execute();
    expect(states.filter((row) => row.status === 'pending')).toHaveLength(1);
    expect(states.filter((row) => row.status === 'replaced')).toHaveLength(19);
  });
});

describe('an approval and the girl’s own save at the same moment', () => {
  it('both hold, whichever comes first: a save refused as stale is laid on the newest record, as the autosave does', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { girl, client } = await fatherOf();
      const her = new TestClient(t.app, `10.52.1.${round + 1}`);
      await signInAsStudent(her, girl.id);
      const id = (await client.post('/api/contact-changes', { student_id: girl.id, changes: { mobile_phone_father: '6209999' } })).json().change.id as string;
      const read = (await her.get(`/api/student/${girl.id}`)).json().record;
      const [approval, save] = await Promise.all([
        officeA.patch(`/api/contact-changes/${id}`, { decisions: { mobile_phone_father: 'approved' } }),
        her.post('/api/student', { ...read, allergy: `Dust ${round}` }),
      ]);
      expect(approval.statusCode, approval.body).toBe(200);
      if (save.statusCode === 409) expect((await her.post('/api/student', { ...save.json().record, allergy: `Dust ${round}` })).statusCode).toBe(200);
      else expect(save.statusCode, save.body).toBe(200);
      const stored = await t.db.selectFrom('students').select(['mobile_phone_father', 'allergy']).where('id', '=', girl.id).executeTakeFirstOrThrow();
      expect(stored).toEqual({ mobile_phone_father: '6209999', allergy: `Dust ${round}` });
    }
  });
});
