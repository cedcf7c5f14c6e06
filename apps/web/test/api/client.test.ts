import { messages } from '@school/contract/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, askEarly, earlyAnswerWaits, onEnrolmentRequired, onSessionEnded, retryWhileBusy } from '../../src/api/client.ts';
import { json, stubFetch } from '../http.tsx';

const busy = (retryAfter: unknown) => new ApiError(503, { message: 'Many people are signing in right now. Please try again in a few seconds.', retryAfter });

describe('a sign-in while the password checks are busy', () => {
  it('is sent again after the seconds the server gives, until it is answered', async () => {
    const waits: number[] = [];
    const call = vi.fn<() => Promise<string>>().mockRejectedValueOnce(busy(2)).mockRejectedValueOnce(busy(1)).mockResolvedValueOnce('signed in');
    await expect(retryWhileBusy(call, async (ms) => void waits.push(ms))).resolves.toBe('signed in');
    expect(call).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([2000, 1000]);
  });

  it('answers any other error at once, and a 503 without a retry time too', async () => {
    const wrong = new ApiError(422, { message: 'Incorrect Student ID or Password.' });
    const sleep = vi.fn(async () => undefined);
    await expect(retryWhileBusy(() => Promise.reject(wrong), sleep)).rejects.toBe(wrong);
    const down = new ApiError(503, { message: 'The portal is busy.' });
    await expect(retryWhileBusy(() => Promise.reject(down), sleep)).rejects.toBe(down);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('gives up after half a minute of waiting, with the server’s message', async () => {
    const waits: number[] = [];
    const error = busy(10);
    await expect(
      retryWhileBusy(
        () => Promise.reject(error),
        async (ms) => void waits.push(ms),
      ),
    ).rejects.toBe(error);
    expect(waits).toEqual([10_000, 10_000, 10_000]);
  });
});

describe('a call asked for early', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is answered once from the early answer, and the next call asks the server afresh', async () => {
    let answered = 0;
    const calls = stubFetch(() => json({ answer: (answered += 1) }));
    askEarly('/api/towns');
    await expect(api('/api/towns')).resolves.toEqual({ answer: 1 });
    await expect(api('/api/towns')).resolves.toEqual({ answer: 2 });
    expect(calls).toHaveLength(2);
  });

  it('on a guess of who is signed in, tells no one of a 401 and is forgotten, so the screen asks afresh', async () => {
    const told = vi.fn();
    const stop = onSessionEnded(told);
    let answered = 0;
    const calls = stubFetch(() =>
      (answered += 1) === 1 ? json({ message: 'Your session has ended. Please sign in again.' }, 401) : json({ answer: answered }),
    );
    askEarly('/api/student/20260001', { guessed: true });
    expect(earlyAnswerWaits('/api/student/20260001')).toBe(true);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    // Once its failure has come, it is forgotten: the screen's own call goes to the server.
    await vi.waitFor(() => expect(earlyAnswerWaits('/api/student/20260001')).toBe(false));
    await expect(api('/api/student/20260001')).resolves.toEqual({ answer: 2 });
    expect(told).not.toHaveBeenCalled();
    expect(calls).toHaveLength(2);
    stop();
  });

  it('gives its failure to the call that takes it', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    askEarly('/api/towns');
    await expect(api('/api/towns')).rejects.toMatchObject({ status: 0, message: messages.unreachable });
  });
});

describe('a change sent while the phone is offline', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fails as the network’s (status 0) when even the CSRF cookie cannot be fetched, never as a raw TypeError', async () => {
    const calls = stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    // No XSRF-TOKEN cookie yet: the call first asks for one, and that fetch is the one that fails.
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    const failure = await api('/api/student', { method: 'POST', body: { allergy: 'Dust' } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 0, message: messages.unreachable });
    expect(calls.map((call) => call.url)).toEqual(['/sanctum/csrf-cookie']);
  });
});

describe('a call refused for a CSRF token the server no longer knows (its session ended)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fetches a fresh token and sends the call once more', async () => {
    let refusals = 0;
    const calls = stubFetch(({ url }) => {
      if (url === '/sanctum/csrf-cookie') {
        document.cookie = 'XSRF-TOKEN=fresh-token';
        return Promise.resolve(new Response(null, { status: 204 }));
      }
      return (refusals += 1) === 1 ? json({ message: messages.csrfMismatch }, 403) : json({ name: 'Renée' });
    });
    document.cookie = 'XSRF-TOKEN=ended-session-token';
    await expect(api('/api/login-student', { method: 'POST', body: { student_id: '1' } })).resolves.toEqual({ name: 'Renée' });
    expect(calls.map((call) => [call.url, call.headers?.get('X-XSRF-TOKEN') ?? null])).toEqual([
      ['/api/login-student', 'ended-session-token'],
      ['/sanctum/csrf-cookie', null],
      ['/api/login-student', 'fresh-token'],
    ]);
  });

  it('sends it only once: a second refusal is the caller’s error', async () => {
    const calls = stubFetch(({ url }) =>
      url === '/sanctum/csrf-cookie' ? Promise.resolve(new Response(null, { status: 204 })) : json({ message: messages.csrfMismatch }, 403),
    );
    await expect(api('/api/student', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 403, message: messages.csrfMismatch });
    expect(calls.filter((call) => call.url === '/api/student')).toHaveLength(2);
  });
});

describe('answers the app shell acts on', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('tells it when a call is refused until a second factor is set up, and only then', async () => {
    const told = vi.fn();
    const stop = onEnrolmentRequired(told);
    stubFetch((call) =>
      call.url === '/api/students'
        ? json({ code: 'enrolment_required', message: messages.enrolSecondFactorNow }, 403)
        : json({ message: 'Your role does not allow this.' }, 403),
    );
    await expect(api('/api/staff')).rejects.toBeInstanceOf(ApiError);
    expect(told).not.toHaveBeenCalled();
    await expect(api('/api/students')).rejects.toMatchObject({ status: 403, body: { code: 'enrolment_required' } });
    expect(told).toHaveBeenCalledTimes(1);
    stop();
  });

  it('tells it the message of a 401, the session having ended', async () => {
    const told = vi.fn();
    const stop = onSessionEnded(told);
    stubFetch(() => json({ message: 'Your session has ended. Please sign in again.' }, 401));
    await expect(api('/api/students')).rejects.toBeInstanceOf(ApiError);
    expect(told).toHaveBeenCalledWith('Your session has ended. Please sign in again.');
    stop();
  });
});
