import { absenceNoteMessages, type AbsenceNote, type AbsenceNotesPage, type StudentAttendance } from '@school/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApp, createStudent, signedInStaff, signedInStudent, type TestStudent } from '../../helpers/factories.ts';
import { createGuardian, linkGuardian, withGuardianSession, type TestGuardian } from '../../helpers/guardians.ts';
import { multipart } from '../../helpers/multipart.ts';
import { pdfText } from '../../helpers/pdf-text.ts';
import { TestClient, type TestApp } from '../../helpers/test-app.ts';
import { dayRecord, lastSaturday, noteMessages, schoolToday, shiftDay, termAroundToday, weekdayAfter, weekdayBefore } from './absence-notes-helpers.ts';

/**
 * Absence notes (issue 51, point 1; decision 065): a linked guardian sends a note for her daughter
 * (with a photo or PDF of the doctor's note, or without), the office lists and answers it, an
 * accepted note excuses those sessions in the attendance call, its table and its report, and the
 * family reads each note's state and is told of the answer. Run on each database (TEST_DB).
 */
const OFFICE_EMAIL = 'office@school.example.org';
let t: TestApp;
let admin: TestClient;
let girl: TestStudent;
let mother: TestGuardian;
let father: TestGuardian;
let motherClient: TestClient;
let fatherClient: TestClient;
let yesterday: string;

/** A note for the girl, as JSON, for the last school day before today unless said otherwise. */
const noteFor = (studentId: string, fields: Record<string, string> = {}) => ({
  student_id: studentId,
  from: yesterday,
  to: yesterday,
  sessions: 'both',
  reason: 'illness',
  text: 'She had a fever and stayed home.',
  ...fields,
});

const send = (client: TestClient, body: Record<string, string>) => client.post('/api/absence-notes', body);

/** Sends a note as a form with a file, as the web's form does. */
const sendWithFile = (client: TestClient, fields: Record<string, string>, file: { name: string; bytes: Buffer }) => {
  const { payload, headers } = multipart(fields, file);
  return client.request('POST', '/api/absence-notes', payload, headers);
};

async function list(client: TestClient, query = ''): Promise<AbsenceNotesPage> {
  const answer = await client.get(`/api/absence-notes${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as AbsenceNotesPage;
}

async function attendanceOf(client: TestClient, studentId: string): Promise<StudentAttendance> {
  const answer = await client.get(`/api/student-attendance/${studentId}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as StudentAttendance;
}

/** A photo of a paper note, with an EXIF block naming the camera (which the portal must not keep). */
const photoWithExif = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#f5f5f0' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Secret-Camera-9' } })
    .toBuffer();

beforeAll(async () => {
  ({ t, admin } = await adminApp({ staffMfa: 'optional', officeEmail: OFFICE_EMAIL }));
  await termAroundToday(admin);
  yesterday = weekdayBefore(1);
  girl = await createStudent(t.db, { first_name: 'Anaïs', last_name: 'Baptiste', class_id: '3B' });
  mother = await createGuardian(t.db, { name: 'Mrs Baptiste', email: 'mother.baptiste@example.org' });
  father = await createGuardian(t.db, { name: 'Mr Baptiste', email: 'father.baptiste@example.org' });
  await linkGuardian(t.db, mother, girl.id, { relationship: 'mother' });
  await linkGuardian(t.db, father, girl.id, { relationship: 'father' });
  motherClient = await withGuardianSession(new TestClient(t.app, '10.60.0.1'), t.db, mother);
  fatherClient = await withGuardianSession(new TestClient(t.app, '10.60.0.2'), t.db, father);
  await dayRecord(t.db, girl.id, yesterday);
});
afterAll(() => t.close());

describe('POST /api/absence-notes', () => {
  it('keeps a linked mother’s note pending, audited, and tells the office and the father, not her', async () => {
    const before = (await noteMessages(t.db)).length;
    const answer = await send(motherClient, noteFor(girl.id));
    expect(answer.statusCode, answer.body).toBe(200);
    const { message, note } = answer.json() as { message: string; note: AbsenceNote };
    expect(message).toBe(absenceNoteMessages.sent('Anaïs'));
    expect(note).toMatchObject({
      student_id: girl.id,
      from: yesterday,
      to: yesterday,
      sessions: 'both',
      reason: 'illness',
      text: 'She had a fever and stayed home.',
      status: 'pending',
      file: null,
      sent_by: { kind: 'guardian', name: 'Mrs Baptiste', relationship: 'mother' },
      answered_by: null,
      days: [{ date: yesterday, am: 'absent', pm: 'absent', late: false }],
    });
    expect(note.id).not.toMatch(/^\d+$/);

    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'absence-note.sent').where('student_id', '=', girl.id).execute();
    expect(audit).toEqual([expect.objectContaining({ actor_kind: 'guardian', detail: `note ${note.id}: ${yesterday} to ${yesterday}` })]);
    // Her words and reason stay in the portal: no message carries them.
    const sent = (await noteMessages(t.db)).slice(before);
    expect(sent.map((each) => each.recipient).sort()).toEqual([OFFICE_EMAIL, father.email].sort());
    expect(sent.find((each) => each.recipient === father.email)).toMatchObject({ guardian_id: father.id, event: `absence-note.sent:${note.id}` });
    for (const each of sent) {
      expect(each.text_body).not.toMatch(/fever|illness/i);
      expect(each.subject).toContain('Anaïs');
    }
    expect(sent.find((each) => each.recipient === OFFICE_EMAIL)!.text_body).toContain(`student ID ${girl.id}, class 3B`);
  });

  it('takes a photo of the doctor’s note through the upload rules: kept without its metadata, opened by staff only', async () => {
    const photo = await photoWithExif();
    expect(photo.includes(Buffer.from('Secret-Camera-9'))).toBe(true);
    const answer = await sendWithFile(motherClient, noteFor(girl.id, { reason: 'medical', text: '' }), { name: 'doctor-note.jpg', bytes: photo });
    expect(answer.statusCode, answer.body).toBe(200);
    const { note } = answer.json() as { note: AbsenceNote };
    expect(note.file).toMatchObject({ name: 'doctor-note.jpg', type: 'image/jpeg', url: null });
    expect(note.text).toBe('');

    const staffView = (await list(admin, `?student_id=${girl.id}`)).items.find((item) => item.id === note.id)!;
    expect(staffView.file!.url).toBe(`/api/absence-notes/${note.id}/file`);
    const opened = await admin.get(staffView.file!.url!);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('image/jpeg');
    expect(opened.rawPayload.includes(Buffer.from('Secret-Camera-9'))).toBe(false);
    expect((await sharp(opened.rawPayload).metadata()).exif).toBeUndefined();
    expect(await t.db.selectFrom('audit_log').select('id').where('action', '=', 'absence-note.file-viewed').execute()).toHaveLength(1);

    const otherTeacher = await signedInStaff(t.app, t.db, 'teacher-file-other', { role: 'teacher', classes: ['1A'] });
    expect((await otherTeacher.get(staffView.file!.url!)).statusCode).toBe(404);
    const herTeacher = await signedInStaff(t.app, t.db, 'teacher-file-hers', { role: 'teacher', classes: ['3B'] });
    expect((await herTeacher.get(staffView.file!.url!)).statusCode).toBe(200);
    expect((await motherClient.get(staffView.file!.url!)).statusCode).toBe(403);
  });

  it('takes a PDF, and refuses a file that is neither a PDF nor a photo, whatever its name says', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
    const taken = await sendWithFile(motherClient, noteFor(girl.id), { name: 'note.pdf', bytes: pdf });
    expect(taken.statusCode, taken.body).toBe(200);
    expect((taken.json() as { note: AbsenceNote }).note.file).toMatchObject({ name: 'note.pdf', type: 'application/pdf' });
    const count = async () => (await t.db.selectFrom('absence_notes').select('id').execute()).length;
    const before = await count();
    for (const file of [
      { name: 'note.pdf', bytes: Buffer.from('just some words, not a PDF') },
      { name: 'note.jpg', bytes: pdf },
      { name: 'note.docx', bytes: Buffer.from('PK\u0003\u0004') },
    ]) {
      const refused = await sendWithFile(motherClient, noteFor(girl.id), file);
      expect(refused.statusCode, file.name).toBe(422);
      expect(refused.json()).toMatchObject({ message: absenceNoteMessages.fileKind, errors: { file: [absenceNoteMessages.fileKind] } });
    }
    expect(await count()).toBe(before);
  });

  it('refuses days more than 30 back or 14 ahead, the last before the first, and days with no school day, with clear messages', async () => {
    const today = schoolToday();
    const tooFar = await send(motherClient, noteFor(girl.id, { from: shiftDay(today, -31), to: yesterday }));
    expect(tooFar.statusCode).toBe(422);
    expect(tooFar.json()).toMatchObject({
      message: absenceNoteMessages.tooFarBack(shiftDay(today, -30)),
      errors: { from: [absenceNoteMessages.tooFarBack(shiftDay(today, -30))] },
    });

    const ahead = await send(motherClient, noteFor(girl.id, { from: weekdayAfter(1), to: shiftDay(today, 15) }));
    expect(ahead.statusCode).toBe(422);
    expect(ahead.json().message).toBe(absenceNoteMessages.tooFarAhead(shiftDay(today, 14)));

    const backwards = await send(motherClient, noteFor(girl.id, { from: yesterday, to: shiftDay(yesterday, -1) }));
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toEqual({ to: [absenceNoteMessages.lastBeforeFirst] });

    const saturday = lastSaturday();
    const weekend = await send(motherClient, noteFor(girl.id, { from: saturday, to: shiftDay(saturday, 1) }));
    expect(weekend.statusCode).toBe(422);
    expect(weekend.json().message).toBe(absenceNoteMessages.noSchoolDay);

    // The limits themselves are allowed: 30 days back (a school day of the term, or none), and 14 ahead.
    const edge = await send(motherClient, noteFor(girl.id, { from: weekdayAfter(1), to: shiftDay(today, 14) }));
    expect(edge.statusCode, edge.body).toBe(200);
  });

  it('refuses a bad shape with 422 and the field: a day that is not one, an unknown reason, words past 500 characters', async () => {
    for (const [fields, field] of [
      [{ from: '2026-02-30' }, 'from'],
      [{ to: 'tomorrow' }, 'to'],
      [{ reason: 'holiday' }, 'reason'],
      [{ sessions: 'evening' }, 'sessions'],
      [{ text: 'x'.repeat(501) }, 'text'],
      [{ student_id: '' }, 'student_id'],
    ] as const) {
      const answer = await send(motherClient, noteFor(girl.id, fields));
      expect([422, 404], JSON.stringify(fields)).toContain(answer.statusCode);
      if (field !== 'student_id') expect(Object.keys(answer.json().errors ?? {}), JSON.stringify(fields)).toContain(field);
    }
    expect((await send(motherClient, noteFor(girl.id, { text: 'x'.repeat(500) }))).statusCode).toBe(200);
  });

  it('answers 404 to a guardian not linked to the girl, or whose link is restricted or revoked, and stores nothing', async () => {
    const before = (await t.db.selectFrom('absence_notes').select('id').execute()).length;
    const stranger = await withGuardianSession(new TestClient(t.app, '10.60.0.3'), t.db, await createGuardian(t.db));
    const restricted = await createGuardian(t.db);
    await linkGuardian(t.db, restricted, girl.id, { restricted: true });
    const revoked = await createGuardian(t.db);
    await linkGuardian(t.db, revoked, girl.id, { revoked: true });
    for (const client of [
      stranger,
      await withGuardianSession(new TestClient(t.app, '10.60.0.4'), t.db, restricted),
      await withGuardianSession(new TestClient(t.app, '10.60.0.5'), t.db, revoked),
    ]) {
      expect((await send(client, noteFor(girl.id))).statusCode).toBe(404);
      expect((await send(client, noteFor('20999998'))).statusCode).toBe(404);
      const photo = await sendWithFile(client, noteFor(girl.id), { name: 'note.jpg', bytes: await photoWithExif() });
      expect(photo.statusCode).toBe(404);
      expect(photo.body).not.toContain('Baptiste');
      expect((await client.get(`/api/absence-notes?student_id=${girl.id}`)).statusCode).toBe(404);
      expect((await client.get('/api/absence-notes')).statusCode).toBe(404);
    }
    expect(await t.db.selectFrom('absence_notes').select('id').execute()).toHaveLength(before);
  });

  it('refuses the student herself while the school has not allowed it, and staff always', async () => {
    const { student, client } = await signedInStudent(t, { class_id: '3B' });
    const refused = await send(client, noteFor(student.id));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(absenceNoteMessages.studentsMayNot);
    expect((await list(client)).may_send).toBe(false);
    const staff = await send(admin, noteFor(girl.id));
    expect(staff.statusCode).toBe(403);
    expect(staff.json().message).toBe(absenceNoteMessages.staffMayNot);
  });
});

describe('GET /api/absence-notes', () => {
  it('lists the office’s notes newest first, of a state or a class, with the days and what attendance recorded', async () => {
    const other = await createStudent(t.db, { first_name: 'Brielle', class_id: '1A' });
    const otherMother = await createGuardian(t.db);
    await linkGuardian(t.db, otherMother, other.id);
    const otherClient = await withGuardianSession(new TestClient(t.app, '10.60.0.6'), t.db, otherMother);
    await dayRecord(t.db, other.id, weekdayBefore(2), { am: 1, pm: 0 });
    const sent = await send(otherClient, noteFor(other.id, { from: weekdayBefore(2), to: weekdayBefore(2), sessions: 'pm', reason: 'medical' }));
    expect(sent.statusCode, sent.body).toBe(200);

    const pending = await list(admin, '?status=pending');
    expect(pending.items[0]).toMatchObject({
      student_id: other.id,
      first_name: 'Brielle',
      class_id: '1A',
      sessions: 'pm',
      days: [{ date: weekdayBefore(2), am: null, pm: 'absent', late: false }],
    });
    const ids = pending.items.map((item) => Number(item.sent_at.replace(/\D/g, '')));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(pending.total).toBe(pending.items.length);
    expect(pending.pending).toBe(pending.total);
    expect(pending.may_send).toBe(false);

    const ofClass = await list(admin, '?class_id=1A');
    expect(ofClass.items.map((item) => item.student_id)).toEqual([other.id]);
    expect((await list(admin, '?status=accepted')).items).toEqual([]);
  });

  it('shows a teacher her classes’ notes only, read-only', async () => {
    const teacher = await signedInStaff(t.app, t.db, 'teacher-3b', { role: 'teacher', classes: ['3B'] });
    const hers = await list(teacher);
    expect(hers.items.length).toBeGreaterThan(0);
    expect(new Set(hers.items.map((item) => item.class_id))).toEqual(new Set(['3B']));
    expect((await teacher.get('/api/absence-notes?class_id=1A')).statusCode).toBe(403);
    const answer = await teacher.patch(`/api/absence-notes/${hers.items[0]!.id}`, { decision: 'accept' });
    expect(answer.statusCode).toBe(403);
    expect((await list(admin, `?student_id=${girl.id}`)).items.find((item) => item.id === hers.items[0]!.id)!.status).toBe('pending');
  });

  it('shows the mother her daughter’s notes with their state, without who answered; she may send', async () => {
    const mine = await list(motherClient, `?student_id=${girl.id}`);
    expect(mine.may_send).toBe(true);
    expect(mine.items.length).toBeGreaterThan(0);
    expect(new Set(mine.items.map((item) => item.student_id))).toEqual(new Set([girl.id]));
    const audit = await t.db
      .selectFrom('audit_log')
      .select('actor_kind')
      .where('action', '=', 'absence-notes.viewed')
      .where('student_id', '=', girl.id)
      .execute();
    expect(audit.map((row) => row.actor_kind)).toContain('guardian');
  });
});

describe('PATCH /api/absence-notes/{id}', () => {
  it('accepts a note: the day shows excused in the attendance call, its count and its report; both parents are told; a second answer is 409', async () => {
    const date = weekdayBefore(3);
    const { note } = (await send(motherClient, noteFor(girl.id, { from: date, to: date }))).json() as { note: AbsenceNote };
    const before = await attendanceOf(motherClient, girl.id);
    expect(before.attendance_records.find((record) => record.date_scanned === date)).toBeUndefined();
    const messagesBefore = (await noteMessages(t.db)).length;

    const answer = await admin.patch(`/api/absence-notes/${note.id}`, { decision: 'accept' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      message: absenceNoteMessages.accepted('Anaïs Baptiste'),
      note: { id: note.id, status: 'accepted', answered_by: 'registrar', decline_reason: null, days: [{ date, am: 'excused', pm: 'excused' }] },
    });

    // A day she missed whole (no scan, so no record) is listed, excused, and counted apart.
    const after = await attendanceOf(motherClient, girl.id);
    expect(after.attendance_records.find((record) => record.date_scanned === date)).toMatchObject({ attendance_am: 0, attendance_pm: 0, excused: 'both' });
    expect(after.excused).toBe(before.excused + 2);
    expect(after.possible_attendance).toBe(before.possible_attendance);
    expect(after.attendance).toBe(before.attendance);
    const report = await motherClient.get(`/api/student-attendance-report/${girl.id}/${date}/${date}`);
    expect(report.statusCode).toBe(200);
    const text = pdfText(report.rawPayload);
    expect(text).toContain('Excused');
    expect(text).toMatch(/Excused \(absence notes accepted\)\s*2/);

    const told = (await noteMessages(t.db)).slice(messagesBefore);
    expect(told.map((each) => each.recipient).sort()).toEqual([mother.email, father.email].sort());
    expect(told[0]!.subject).toContain('accepted');
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'absence-note.accepted').execute();
    expect(audit).toEqual([expect.objectContaining({ actor_id: 'registrar', student_id: girl.id, detail: `note ${note.id}` })]);

    const again = await admin.patch(`/api/absence-notes/${note.id}`, { decision: 'decline', reason: 'Too late.' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: absenceNoteMessages.alreadyAnswered('accepted'), note: { id: note.id, status: 'accepted' } });
    expect((await noteMessages(t.db)).length).toBe(messagesBefore + 2);

    const seen = (await list(motherClient, `?student_id=${girl.id}`)).items.find((item) => item.id === note.id)!;
    expect(seen).toMatchObject({ status: 'accepted', answered_by: null });
  });

  it('excuses only the sessions she was absent at that the note covers', async () => {
    const date = weekdayBefore(4);
    await dayRecord(t.db, girl.id, date, { am: 1, pm: 0 });
    const { note } = (await send(fatherClient, noteFor(girl.id, { from: date, to: date, sessions: 'both' }))).json() as { note: AbsenceNote };
    expect((await admin.patch(`/api/absence-notes/${note.id}`, { decision: 'accept' })).statusCode).toBe(200);
    const record = (await attendanceOf(admin, girl.id)).attendance_records.find((each) => each.date_scanned === date);
    expect(record).toMatchObject({ attendance_am: 1, attendance_pm: 0, excused: 'pm' });
  });

  it('declines a note with a reason the family reads; without a reason it is refused', async () => {
    const date = weekdayBefore(5);
    const { note } = (await send(motherClient, noteFor(girl.id, { from: date, to: date }))).json() as { note: AbsenceNote };
    const bare = await admin.patch(`/api/absence-notes/${note.id}`, { decision: 'decline' });
    expect(bare.statusCode).toBe(422);
    expect(bare.json().errors).toEqual({ reason: [absenceNoteMessages.declineReasonNeeded] });
    const office = await signedInStaff(t.app, t.db, 'office-decline', { role: 'office' });
    const declined = await office.patch(`/api/absence-notes/${note.id}`, { decision: 'decline', reason: 'A doctor’s certificate is needed for this day.' });
    expect(declined.statusCode, declined.body).toBe(200);
    const seen = (await list(motherClient, `?student_id=${girl.id}`)).items.find((item) => item.id === note.id)!;
    expect(seen).toMatchObject({ status: 'declined', decline_reason: 'A doctor’s certificate is needed for this day.' });
    expect((await attendanceOf(motherClient, girl.id)).attendance_records.find((record) => record.date_scanned === date)).toBeUndefined();
    const told = (await noteMessages(t.db)).filter((each) => each.event === `absence-note.answered:${note.id}`);
    expect(told).toHaveLength(2);
    for (const each of told) expect(each.text_body).not.toContain('certificate');
  });

  it('answers 404 for an unknown note and 422 for an unknown decision; guardians cannot answer', async () => {
    expect((await admin.patch('/api/absence-notes/no-such-note', { decision: 'accept' })).statusCode).toBe(404);
    const { note } = (await send(motherClient, noteFor(girl.id))).json() as { note: AbsenceNote };
    expect((await admin.patch(`/api/absence-notes/${note.id}`, { decision: 'maybe' })).statusCode).toBe(422);
    expect((await motherClient.patch(`/api/absence-notes/${note.id}`, { decision: 'accept' })).statusCode).toBe(403);
  });
});

describe('a student’s own notes, where the school allows them', () => {
  it('lets her send one; her linked parents are told, and she reads the answer', async () => {
    const allowing = await adminApp({ staffMfa: 'optional', absenceNotesFromStudents: true });
    try {
      await termAroundToday(allowing.admin);
      const { student, client } = await signedInStudent(allowing.t, { first_name: 'Célia', email: 'celia@example.org' });
      const parent = await createGuardian(allowing.t.db, { email: 'celia.mother@example.org' });
      await linkGuardian(allowing.t.db, parent, student.id);
      expect((await list(client)).may_send).toBe(true);
      const answer = await send(client, noteFor(student.id));
      expect(answer.statusCode, answer.body).toBe(200);
      const { message, note } = answer.json() as { message: string; note: AbsenceNote };
      expect(message).toBe(absenceNoteMessages.sentByStudent);
      expect(note.sent_by).toMatchObject({ kind: 'student', relationship: null });
      expect((await noteMessages(allowing.t.db)).map((each) => each.recipient)).toEqual(['celia.mother@example.org']);
      expect((await noteMessages(allowing.t.db))[0]!.text_body).toContain('Célia sent the school an absence note herself');
      // She cannot send one for another girl.
      const other = await createStudent(allowing.t.db);
      expect((await send(client, noteFor(other.id))).statusCode).toBe(403);

      expect((await allowing.admin.patch(`/api/absence-notes/${note.id}`, { decision: 'accept' })).statusCode).toBe(200);
      const told = (await noteMessages(allowing.t.db)).filter((each) => each.event === `absence-note.answered:${note.id}`);
      expect(told.map((each) => each.recipient).sort()).toEqual(['celia.mother@example.org', 'celia@example.org']);
      expect((await list(client)).items[0]).toMatchObject({ id: note.id, status: 'accepted' });
    } finally {
      await allowing.t.close();
    }
  });
});
