import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountOf, actingAs, actorFor } from '../../src/session/actor.ts';
import type { SessionWithAdmin } from '../../src/session/session-repository.ts';
import { buildTestApp, TestClient, type TestApp } from '../helpers/test-app.ts';
import { createAdminUser, createStudent, signInAsAdmin } from '../helpers/factories.ts';

const session = (fields: Partial<SessionWithAdmin>): SessionWithAdmin => ({
  id_hash: 'hash-1',
  kind: 'guest',
  student_id: null,
  admin_id: null,
  admin_name: null,
  restricted: 0,
  csrf_token: 'csrf',
  created_at: '2026-01-01T00:00:00.000Z',
  last_seen_at: '2026-01-01T00:00:00.000Z',
  ip: null,
  ...fields,
});
const request = { ip: '10.1.2.3', address: '10.1.2.3', id: 'request-1' };
const facts = { ip: '10.1.2.3', address: '10.1.2.3', requestId: 'request-1' };

describe('the actor of a request', () => {
  it('is a visitor without a session, and a visitor with a guest session', () => {
    expect(actorFor(null, request)).toEqual({ kind: 'visitor', restricted: null, ...facts, sessionId: null });
    expect(actorFor(session({}), request)).toEqual({ kind: 'visitor', restricted: null, ...facts, sessionId: 'hash-1' });
  });

  it('is the student of a student session', () => {
    expect(actorFor(session({ kind: 'student', student_id: '20260001' }), request)).toEqual({
      kind: 'student',
      studentId: '20260001',
      ...facts,
      sessionId: 'hash-1',
    });
  });

  it('is the admin of an admin session, named by her username', () => {
    expect(actorFor(session({ kind: 'admin', admin_id: 7, admin_name: 'registrar', admin_role: 'admin', admin_classes: '' }), request)).toEqual({
      kind: 'admin',
      adminId: 7,
      name: 'registrar',
      role: 'admin',
      classes: [],
      ...facts,
      sessionId: 'hash-1',
    });
  });

  it('is a teacher of her classes, as her account says on this request', () => {
    const actor = actorFor(session({ kind: 'admin', admin_id: 8, admin_name: 'ms-joseph', admin_role: 'teacher', admin_classes: '1A,3C' }), request);
    expect(actor).toMatchObject({ kind: 'admin', role: 'teacher', classes: ['1A', '3C'] });
  });

  it('is nobody when a staff session belongs to a disabled account', () => {
    const actor = actorFor(session({ kind: 'admin', admin_id: 8, admin_name: 'ms-joseph', admin_role: 'teacher', admin_disabled: 1 }), request);
    expect(actor).toMatchObject({ kind: 'visitor', restricted: null });
  });

  it('is a visitor carrying the account of a restricted session, which may only set a password', () => {
    const actor = actorFor(session({ kind: 'student', student_id: '20260002', restricted: 1 }), request);
    expect(actor).toMatchObject({ kind: 'visitor', restricted: { kind: 'student', studentId: '20260002' } });
    expect(accountOf(actor)).toEqual({ kind: 'student', studentId: '20260002' });
    expect(actingAs(actor, { kind: 'student', studentId: '20260002' })).toEqual({ kind: 'student', studentId: '20260002', ...facts, sessionId: 'hash-1' });
  });

  it('is nobody when an admin session outlives its account', () => {
    const actor = actorFor(session({ kind: 'admin', admin_id: 9, admin_name: null }), request);
    expect(actor).toMatchObject({ kind: 'visitor', restricted: null });
    expect(accountOf(actor)).toBeNull();
  });
});

describe('the audit log and the actor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await createAdminUser(t.db, 'bursar');
  });
  afterAll(() => t.close());

  it("records an admin's action under her username, with the address and the request it came in", async () => {
    const student = await createStudent(t.db);
    const admin = new TestClient(t.app, '10.77.0.1');
    await signInAsAdmin(admin, 'bursar');
    expect((await admin.post('/api/reset-password-student', { student_id: student.id })).statusCode).toBe(200);
    expect((await admin.post('/api/reset-password-student', { student_id: student.id })).statusCode).toBe(200);
    const rows = await t.db
      .selectFrom('audit_log')
      .select(['actor_kind', 'actor_id', 'ip', 'request_id'])
      .where('action', '=', 'student.password-reset')
      .where('student_id', '=', student.id)
      .execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toMatchObject({ actor_kind: 'admin', actor_id: 'bursar', ip: '10.77.0.1' });
    expect(rows[0].request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(rows[1].request_id).not.toBe(rows[0].request_id);
  });

  it("records a visitor's failed sign-in against the account she tried", async () => {
    const client = await new TestClient(t.app, '10.77.0.2').start();
    expect((await client.post('/api/admin-login', { name: 'Nobody-Here', password: 'wrong-password' })).statusCode).toBe(422);
    const row = await t.db
      .selectFrom('audit_log')
      .select(['actor_kind', 'actor_id', 'ip'])
      .where('action', '=', 'admin.sign-in-failed')
      .where('ip', '=', '10.77.0.2')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ actor_kind: 'visitor', actor_id: 'nobody-here', ip: '10.77.0.2' });
  });
});
