import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { studentPath } from '../../src/api/get-student.ts';
import { firstCallsOf } from '../../src/app/first-screen-calls.ts';
import { familyCallsOf } from '../../src/app/first-screen-data.ts';
import { absenceNotesPath } from '../../src/api/get-absence-notes.ts';
import { studentAttendancePath } from '../../src/api/get-student-attendance.ts';
import { filesPath } from '../../src/features/registration/api/get-files.ts';
import { referenceListsPath } from '../../src/features/registration/api/get-reference-lists.ts';
import { reportCardTermsPath } from '../../src/api/get-report-card-terms.ts';
import { childrenPath } from '../../src/features/family/api/get-children.ts';
import { held, json, stubFetch, studentSession } from '../http.tsx';

/** The calls the app starts for a student opening `path`, before any screen is drawn. */
async function earlyCalls(path: string, session: object = studentSession): Promise<string[]> {
  const calls = stubFetch((call) => (call.url === '/api/session' ? json(session) : json([])));
  // A fresh app each time: an early answer not yet taken is not asked for twice.
  vi.resetModules();
  const { prefetchFirstScreen } = await import('../../src/app/first-screen-data.ts');
  prefetchFirstScreen(new QueryClient(), path);
  // Every early call is started together, in the session's answer: the first one seen, all are.
  await waitFor(() => expect(calls.length).toBeGreaterThan(1));
  return calls.map((call) => call.url).filter((url) => url !== '/api/session');
}

const student = '20260001';

afterEach(() => {
  vi.unstubAllGlobals();
  // Who signed in is kept on the device (for the next visit): each test starts from none.
  localStorage.clear();
});

describe('the first screen’s calls, started with the app', () => {
  it('ask a data step for her record and the reference lists its fields choose from', async () => {
    expect(await earlyCalls('/registration/health-data')).toEqual(['/api/config', studentPath(student), referenceListsPath]);
  });

  it('ask Documents and Complete for her record and her uploads (Complete names what is still to upload): they choose from no list', async () => {
    expect(await earlyCalls('/registration/documents')).toEqual(['/api/config', studentPath(student), filesPath(student)]);
    expect(await earlyCalls('/registration/complete')).toEqual(['/api/config', studentPath(student), filesPath(student)]);
  });

  it('ask each of her other screens for what it shows, by the addresses its own calls use', async () => {
    expect(await earlyCalls('/dashboard')).toEqual(['/api/config', studentPath(student)]);
    expect(await earlyCalls('/attendance')).toEqual(['/api/config', studentAttendancePath(student), absenceNotesPath({})]);
    expect(await earlyCalls('/term-reports')).toEqual(['/api/config', reportCardTermsPath(student)]);
    expect(firstCallsOf('/registration/change-password', student)).toEqual([]);
  });

  it('name a student ID as an address must, whatever it holds', () => {
    expect(firstCallsOf('/dashboard', 'a/b c')).toEqual([studentPath('a/b c')]);
    expect(firstCallsOf('/no-such-screen', student)).toEqual([]);
  });

  it('ask a guardian’s dashboard for her daughters and their consent forms, and leave what lies below its first screen for later', async () => {
    const guardian = {
      authenticated: true,
      kind: 'guardian',
      admin: false,
      restricted: false,
      userID: 'g-1',
      name: 'Maria',
      initials: 'M',
      must_change_password: false,
    };
    const consents = '/api/guardian/consents';
    expect(await earlyCalls('/family', guardian)).toEqual(['/api/config', childrenPath, consents]);
    // A daughter's page: her term reports, attendance and absence notes are asked once its top is painted.
    expect(await earlyCalls('/family/20240017', guardian)).toEqual(['/api/config', childrenPath, consents]);
    expect(await earlyCalls('/family/messages', guardian)).toEqual(['/api/config', '/api/guardian/messages?page=1']);
    expect(await earlyCalls('/family/account', guardian)).toEqual(['/api/config', '/api/guardian/account', '/api/guardian/account/second-factor']);
    // Her page that names no daughter asks nothing of one; a longer address is no screen of hers.
    expect(familyCallsOf('/family/add')).toEqual([]);
    expect(familyCallsOf('/family/20240017/details')).toEqual([]);
  });
});

describe('a returning visit, for whoever was last signed in on this device', () => {
  /** The calls the app starts while the session's answer is still on its way. */
  async function callsBeforeTheSession(path: string): Promise<string[]> {
    const session = held();
    const calls = stubFetch((call) => (call.url === '/api/session' ? session.response : json([])));
    vi.resetModules();
    const { prefetchFirstScreen } = await import('../../src/app/first-screen-data.ts');
    prefetchFirstScreen(new QueryClient(), path);
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/session'));
    return calls.map((call) => call.url).filter((url) => url !== '/api/session' && url !== '/api/config');
  }

  it('asks her screen’s calls beside the session, not after it: a student’s and a guardian’s', async () => {
    const { mirrorSession } = await import('../../src/api/get-session.ts');
    mirrorSession(studentSession as never);
    expect(await callsBeforeTheSession('/registration/health-data')).toEqual([studentPath(student), referenceListsPath]);
    mirrorSession({ authenticated: true, kind: 'guardian', admin: false, restricted: false, userID: 'g-1' } as never);
    expect(await callsBeforeTheSession('/family')).toEqual([childrenPath, '/api/guardian/consents']);
  });

  it('asks nothing before the session once she has signed out, or for staff', async () => {
    const { mirrorSession, signedOut } = await import('../../src/api/get-session.ts');
    mirrorSession(studentSession as never);
    mirrorSession(signedOut);
    expect(await callsBeforeTheSession('/dashboard')).toEqual([]);
    mirrorSession({ ...studentSession, admin: true, kind: 'admin' } as never);
    expect(await callsBeforeTheSession('/dashboard')).toEqual([]);
  });
});
