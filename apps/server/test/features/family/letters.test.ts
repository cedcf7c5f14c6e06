import { createHash } from 'node:crypto';
import { guardianMessages, letterCodeAlphabet, letterCodeTriesPerHour } from '@school/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminUser, signedInAdmin, signedInStaff, STUDENT_PASSWORD, signInAsStudent, type TestStudent } from '../../helpers/factories.ts';
import { createGuardian, linkGuardian, withGuardianSession, type TestGuardian } from '../../helpers/guardians.ts';
import { pdfPageCount, pdfText } from '../../helpers/pdf-text.ts';
import { buildTestApp, TestClient, type TestApp } from '../../helpers/test-app.ts';
import { girlWithReports, manyGuardians } from './family-helpers.ts';

/**
 * Code letters (decision 062): a class's letters print two single-use codes per girl, kept as their
 * SHA-256; a signed-in guardian adds a daughter with one and her date of birth. Wrong tries all read
 * alike and are limited per guardian and per address; a code works once, however many try it at once.
 */
let t: TestApp;
let admin: TestClient;
let girls: TestStudent[];
let address = 0;

/** A client on an address of its own, so the per-address limit counts only what a test means it to. */
const ownAddress = () => `10.70.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;
const guardianClient = (guardian: TestGuardian, ip = ownAddress()) => withGuardianSession(new TestClient(t.app, ip), t.db, guardian);

const CODE = new RegExp(`[${letterCodeAlphabet}]{4}-[${letterCodeAlphabet}]{4}-[${letterCodeAlphabet}]{2}`, 'g');
const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/** A letter's text, its lines joined again where the page broke them after a dash or a slash. */
const letterText = (pdf: Buffer) => pdfText(pdf).replace(/([-/]) /g, '$1');

/** Prints class 4L's letters and answers the codes of each girl, by her ID, in slot order. */
async function printClass(client = admin): Promise<Map<string, string[]>> {
  const answer = await client.get('/api/guardian-letters/4L');
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.headers['content-type']).toBe('application/pdf');
  const pdf = answer.rawPayload;
  expect(pdfPageCount(pdf)).toBe(girls.length);
  const text = letterText(pdf);
  const codes = new Map<string, string[]>();
  // Each page names its girl before her codes.
  const pages = text.split('For the parents and guardians of ').slice(1);
  expect(pages).toHaveLength(girls.length);
  for (const page of pages) {
    const girl = girls.find((candidate) => page.includes(`Student ID ${candidate.id}`))!;
    expect(girl).toBeDefined();
    codes.set(girl.id, page.match(CODE) ?? []);
  }
  return codes;
}

const addDaughter = (client: TestClient, body: Record<string, unknown>) => client.post('/api/guardian-links', body);
const wrongAnswer = { message: guardianMessages.wrongLetterCode, errors: { code: [guardianMessages.wrongLetterCode] } };

beforeAll(async () => {
  t = await buildTestApp({ staffMfa: 'optional', exportDailyLimit: 1000, officeEmail: 'office@school.example.org' });
  await createAdminUser(t.db);
  admin = await signedInAdmin(t.app);
  girls = [];
  for (let n = 0; n < 3; n += 1) girls.push(await girlWithReports(t.db, { class_id: '4L', date_of_birth: `2012-0${n + 1}-15` }));
});
afterAll(() => t.close());

describe('GET /api/guardian-letters/{class_id}', () => {
  it('prints a page per girl with two different codes, and keeps only their SHA-256', async () => {
    const codes = await printClass();
    const all = [...codes.values()].flat();
    expect(all).toHaveLength(girls.length * 2);
    expect(new Set(all).size).toBe(all.length);
    const stored = await t.db.selectFrom('guardian_letter_codes').selectAll().execute();
    expect(stored).toHaveLength(all.length);
    for (const girl of girls) {
      const rows = stored.filter((row) => row.student_id === girl.id).sort((a, b) => a.slot - b.slot);
      expect(rows.map((row) => row.slot)).toEqual([1, 2]);
      expect(rows.map((row) => row.code_hash)).toEqual(codes.get(girl.id)!.map((code) => sha256(code.replaceAll('-', ''))));
    }
    const everything = JSON.stringify(stored);
    for (const code of all) expect(everything).not.toContain(code.replaceAll('-', ''));
  });

  it('tells how to use a code: the portal, "Add a daughter", her student ID', async () => {
    const answer = await admin.get('/api/guardian-letters/4L');
    const text = letterText(answer.rawPayload);
    expect(text).toContain(`${t.config.portalUrl}/parents`);
    expect(text).toContain('Add a daughter');
    expect(text).toContain(girls[0].first_name);
    expect(text).toContain(`her student ID (${girls[0].id})`);
  });

  it('answers 404 for a class with no students', async () => {
    expect((await admin.get('/api/guardian-letters/9Z')).statusCode).toBe(404);
  });

  it('is a guarded export: office and admin only, counted against the day', async () => {
    const teacher = await signedInStaff(t.app, t.db, 'teacher-4l', { role: 'teacher', classes: ['4L'] });
    expect((await teacher.get('/api/guardian-letters/4L')).statusCode).toBe(403);
    const guardian = await guardianClient(await createGuardian(t.db));
    expect((await guardian.get('/api/guardian-letters/4L')).statusCode).toBe(403);
    const office = await signedInStaff(t.app, t.db, 'office-4l', { role: 'office' });
    expect((await office.get('/api/guardian-letters/4L')).statusCode).toBe(200);
    const counted = await t.db.selectFrom('export_allowance').selectAll().execute();
    expect(counted.length).toBeGreaterThan(0);

    const limited = await buildTestApp({ staffMfa: 'optional', exportDailyLimit: 1 });
    try {
      await girlWithReports(limited.db, { class_id: '4L' });
      await createAdminUser(limited.db);
      const limitedAdmin = await signedInAdmin(limited.app);
      expect((await limitedAdmin.get('/api/guardian-letters/4L')).statusCode).toBe(200);
      expect((await limitedAdmin.get('/api/guardian-letters/4L')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('asks for a recent second factor where the school requires one', async () => {
    const strict = await buildTestApp({ staffMfa: 'required', exportDailyLimit: 1000 });
    try {
      await girlWithReports(strict.db, { class_id: '4L' });
      await createAdminUser(strict.db);
      const strictAdmin = await signedInAdmin(strict.app);
      const answer = await strictAdmin.get('/api/guardian-letters/4L');
      expect(answer.statusCode).toBe(403);
      expect(await strict.db.selectFrom('guardian_letter_codes').selectAll().execute()).toEqual([]);
    } finally {
      await strict.close();
    }
  });
});

describe('POST /api/guardian-links', () => {
  it('links a daughter with a code as typed (any case, without dashes) and her date of birth, once', async () => {
    const codes = await printClass();
    const girl = girls[0];
    const mother = await createGuardian(t.db, { name: 'Mrs Baptiste' });
    const client = await guardianClient(mother);
    const typed = codes.get(girl.id)![0].replaceAll('-', '').toLowerCase();
    const answer = await addDaughter(client, { student_id: girl.id, code: typed, date_of_birth: girl.date_of_birth, relationship: 'mother' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      message: guardianMessages.linkAdded(girl.first_name),
      child: { student_id: girl.id, first_name: girl.first_name, relationship: 'mother', class_id: '4L' },
    });
    const link = await t.db.selectFrom('guardian_links').selectAll().where('guardian_id', '=', mother.id).executeTakeFirstOrThrow();
    expect(link).toMatchObject({ student_id: girl.id, verified_by: 'letter', relationship: 'mother', restricted: 0, revoked_at: null });
    const code = await t.db.selectFrom('guardian_letter_codes').selectAll().where('student_id', '=', girl.id).where('slot', '=', 1).executeTakeFirstOrThrow();
    expect(code.used_by).toBe(mother.id);
    expect(code.used_at).not.toBeNull();
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'guardian-link.added').where('student_id', '=', girl.id).execute();
    expect(audit).toEqual([expect.objectContaining({ actor_kind: 'guardian', actor_id: mother.publicId, detail: 'mother' })]);
    expect((await client.get('/api/guardian/children')).json().children.map((child: { student_id: string }) => child.student_id)).toEqual([girl.id]);

    // Used: the same code links nobody else.
    const other = await guardianClient(await createGuardian(t.db));
    const again = await addDaughter(other, { student_id: girl.id, code: typed, date_of_birth: girl.date_of_birth });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual(wrongAnswer);

    // The link shows on her privacy page.
    const student = new TestClient(t.app, ownAddress());
    await signInAsStudent(student, girl.id, STUDENT_PASSWORD);
    const entries = (await student.get('/api/my-record-access')).json().entries as Array<{ staff: string; what: string }>;
    expect(entries).toContainEqual(expect.objectContaining({ staff: 'Mrs Baptiste (mother)', what: 'Linked to you as your mother' }));
  });

  it("tells the school office and the girl's other guardians of the new link, not a restricted one, nor anyone of a refused try", async () => {
    const codes = await printClass();
    const girl = girls[1];
    const aunt = await createGuardian(t.db, { email: 'aunt@example.org' });
    const stepfather = await createGuardian(t.db, { email: 'stepfather@example.org' });
    await linkGuardian(t.db, aunt, girl.id, { relationship: 'other' });
    await linkGuardian(t.db, stepfather, girl.id, { relationship: 'other', restricted: true });
    const sent = () => t.db.selectFrom('outbox').select(['recipient', 'guardian_id', 'kind']).where('student_id', '=', girl.id).execute();
    const before = (await sent()).length;
    const father = await guardianClient(await createGuardian(t.db));
    expect((await addDaughter(father, { student_id: girl.id, code: 'WRNG-CODE-XX', date_of_birth: girl.date_of_birth })).statusCode).toBe(422);
    expect(await sent()).toHaveLength(before);
    const answer = await addDaughter(father, { student_id: girl.id, code: codes.get(girl.id)![1], date_of_birth: girl.date_of_birth, relationship: 'father' });
    expect(answer.statusCode, answer.body).toBe(200);
    const told = (await sent()).slice(before);
    expect(told.map((message) => message.recipient).sort()).toEqual(['aunt@example.org', 'office@school.example.org']);
    expect(told.find((message) => message.recipient === 'aunt@example.org')!.guardian_id).toBe(aunt.id);
  });

  it("answers a wrong code, a wrong date of birth, an unknown student and another girl's code all alike, and links nothing", async () => {
    const codes = await printClass();
    const [girl, other] = girls;
    const code = codes.get(girl.id)![1];
    const client = await guardianClient(await createGuardian(t.db));
    const tries = [
      { student_id: girl.id, code: 'ABCD-EFGH-JK', date_of_birth: girl.date_of_birth },
      { student_id: girl.id, code, date_of_birth: '2012-12-31' },
      { student_id: '20999999', code, date_of_birth: girl.date_of_birth },
      { student_id: other.id, code, date_of_birth: other.date_of_birth },
    ];
    for (const body of tries) {
      const answer = await addDaughter(client, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(422);
      expect(answer.json()).toEqual(wrongAnswer);
    }
    const used = await t.db
      .selectFrom('guardian_letter_codes')
      .select('id')
      .where('used_at', 'is not', null)
      .where('code_hash', '=', sha256(code.replaceAll('-', '')))
      .execute();
    expect(used).toEqual([]);
    expect((await client.get('/api/guardian/children')).json()).toEqual({ children: [] });
  });

  it("refuses a code of the wrong shape with the contract's message, never 500", async () => {
    const client = await guardianClient(await createGuardian(t.db));
    for (const body of [{}, { student_id: girls[0].id, code: 'short', date_of_birth: '2012-01-15' }, { student_id: null, code: 42, date_of_birth: [] }]) {
      const answer = await addDaughter(client, body);
      expect(answer.statusCode).toBe(422);
    }
  });

  it('replaces the codes not yet used when the class is printed again: the old letter stops working', async () => {
    const before = await printClass();
    const after = await printClass();
    const girl = girls[2];
    const client = await guardianClient(await createGuardian(t.db));
    const old = await addDaughter(client, { student_id: girl.id, code: before.get(girl.id)![0], date_of_birth: girl.date_of_birth });
    expect(old.statusCode).toBe(422);
    const fresh = await addDaughter(client, { student_id: girl.id, code: after.get(girl.id)![0], date_of_birth: girl.date_of_birth });
    expect(fresh.statusCode, fresh.body).toBe(200);
    // The used code is kept; a new print replaces only the unused ones.
    await printClass();
    const kept = await t.db.selectFrom('guardian_letter_codes').selectAll().where('student_id', '=', girl.id).where('used_at', 'is not', null).execute();
    expect(kept.map((row) => row.code_hash)).toContain(sha256(after.get(girl.id)![0].replaceAll('-', '')));
    expect(await t.db.selectFrom('guardian_letter_codes').selectAll().where('student_id', '=', girl.id).where('used_at', 'is', null).execute()).toHaveLength(2);
  });

  it('uses a code once when 100 guardians on 100 addresses try it at once', async () => {
    const codes = await printClass();
    const girl = girls[1];
    const code = codes.get(girl.id)![0];
    const guardians = await manyGuardians(t.db, 100);
    const clients = await Promise.all(guardians.map((guardian) => guardianClient(guardian)));
    const answers = await Promise.all(clients.map((client) => addDaughter(client, { student_id: girl.id, code, date_of_birth: girl.date_of_birth })));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 200).every((status) => status === 422)).toBe(true);
    const links = await t.db
      .selectFrom('guardian_links')
      .select('guardian_id')
      .where('student_id', '=', girl.id)
      .where(
        'guardian_id',
        'in',
        guardians.map((guardian) => guardian.id),
      )
      .execute();
    expect(links).toHaveLength(1);
    const row = await t.db
      .selectFrom('guardian_letter_codes')
      .selectAll()
      .where('code_hash', '=', sha256(code.replaceAll('-', '')))
      .executeTakeFirstOrThrow();
    expect(row.used_by).toBe(links[0].guardian_id);
  });

  it(`checks ${letterCodeTriesPerHour} wrong tries an hour per guardian, of 100 sent at once, then answers 429 with the wait, even for the right code`, async () => {
    const codes = await printClass();
    const girl = girls[0];
    const guardian = await createGuardian(t.db);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, n) =>
        // Each try from an address of its own: only the guardian's own limit can stop them.
        guardianClient(guardian).then((client) =>
          addDaughter(client, {
            student_id: girl.id,
            code: `ZZZZ-ZZZZ-${letterCodeAlphabet[n % 30]}${letterCodeAlphabet[Math.floor(n / 30)]}`,
            date_of_birth: girl.date_of_birth,
          }),
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 422)).toHaveLength(letterCodeTriesPerHour);
    expect(statuses.filter((status) => status === 429)).toHaveLength(100 - letterCodeTriesPerHour);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toBe(guardianMessages.letterTriesUsed(60));
    const right = await addDaughter(await guardianClient(guardian), { student_id: girl.id, code: codes.get(girl.id)![1], date_of_birth: girl.date_of_birth });
    expect(right.statusCode).toBe(429);
  });

  it(`checks ${letterCodeTriesPerHour} wrong tries an hour per address, of 100 guardians sending at once`, async () => {
    await printClass();
    const girl = girls[0];
    const guardians = await manyGuardians(t.db, 100);
    const shared = ownAddress();
    const clients = await Promise.all(guardians.map((guardian) => guardianClient(guardian, shared)));
    const answers = await Promise.all(
      clients.map((client) => addDaughter(client, { student_id: girl.id, code: 'YYYY-YYYY-YY', date_of_birth: girl.date_of_birth })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 422)).toHaveLength(letterCodeTriesPerHour);
    expect(statuses.filter((status) => status === 429)).toHaveLength(100 - letterCodeTriesPerHour);
  });

  it('does not count a try that links', async () => {
    const codes = await printClass();
    const girl = girls[2];
    const client = await guardianClient(await createGuardian(t.db));
    for (let n = 0; n < letterCodeTriesPerHour - 1; n += 1)
      expect((await addDaughter(client, { student_id: girl.id, code: 'XXXX-XXXX-XX', date_of_birth: girl.date_of_birth })).statusCode).toBe(422);
    expect((await addDaughter(client, { student_id: girl.id, code: codes.get(girl.id)![0], date_of_birth: girl.date_of_birth })).statusCode).toBe(200);
    expect((await addDaughter(client, { student_id: girl.id, code: 'XXXX-XXXX-XX', date_of_birth: girl.date_of_birth })).statusCode).toBe(422);
    expect((await addDaughter(client, { student_id: girl.id, code: 'XXXX-XXXX-XX', date_of_birth: girl.date_of_birth })).statusCode).toBe(429);
  });

  it('links nothing for a guardian the office restricted for the girl, and leaves the code unused', async () => {
    const codes = await printClass();
    const girl = girls[1];
    const father = await createGuardian(t.db);
    await linkGuardian(t.db, father, girl.id, { relationship: 'father', restricted: true });
    const client = await guardianClient(father);
    const answer = await addDaughter(client, { student_id: girl.id, code: codes.get(girl.id)![1], date_of_birth: girl.date_of_birth });
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toEqual(wrongAnswer);
    const code = await t.db
      .selectFrom('guardian_letter_codes')
      .selectAll()
      .where('student_id', '=', girl.id)
      .where('slot', '=', 2)
      .where('used_at', 'is', null)
      .execute();
    expect(code).toHaveLength(1);
    expect((await client.get('/api/guardian/children')).json()).toEqual({ children: [] });
  });

  it('is a guardian call: staff and students are refused', async () => {
    const body = { student_id: girls[0].id, code: 'ABCD-EFGH-JK', date_of_birth: girls[0].date_of_birth };
    expect((await admin.post('/api/guardian-links', body)).statusCode).toBe(403);
    const student = new TestClient(t.app, ownAddress());
    await signInAsStudent(student, girls[0].id, STUDENT_PASSWORD);
    expect((await student.post('/api/guardian-links', body)).statusCode).toBe(403);
  });
});
