import type { ApiError as ApiErrorBody } from '@school/contract/api-types';
import { messages } from '@school/contract/messages';

/** An answer that was not 2xx, with the server's `{message, errors}` and anything else it sent. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody & Record<string, unknown>,
  ) {
    super(body.message);
    this.name = 'ApiError';
  }

  /** SPEC §8: the first errors message if any, else the message. */
  get firstMessage(): string {
    const first = this.body.errors ? Object.values(this.body.errors).flat()[0] : undefined;
    return first ?? this.body.message;
  }

  /** True when the failure is the network's (offline, server down), not an answer. */
  get isNetwork(): boolean {
    return this.status === 0;
  }
}

/**
 * The refusal of a file's GET (a PDF, a spreadsheet) as an ApiError: the whole JSON answer is kept,
 * since a bulk export's refusal says whether a code would let it go ahead (decision 049).
 */
export async function refusalOf(response: Response, fallbackMessage: string): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as ({ message?: string } & Record<string, unknown>) | null;
  return new ApiError(response.status, { ...body, message: body?.message ?? fallbackMessage });
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** How long a call may take, answer included, before it is given up: a phone on a weak signal never spins for ever. */
export const CALL_TIMEOUT_MS = 30_000;

/**
 * An abort signal that fires after `ms`, or when `outer` (the caller's) does; `timedOut` says which.
 * Made by hand: `AbortSignal.any` is missing from the older phones students keep.
 */
export function timeLimit(ms: number, outer?: AbortSignal) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, ms);
  const follow = () => controller.abort();
  if (outer?.aborted) controller.abort();
  else outer?.addEventListener('abort', follow, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    done() {
      clearTimeout(timer);
      outer?.removeEventListener('abort', follow);
    },
  };
}

/** The error of a failed fetch: the caller's own abort as it is, else the network's (status 0), timed out or unreachable. */
export function networkError(error: unknown, timedOut: boolean): unknown {
  if (timedOut) return new ApiError(0, { message: messages.timedOut });
  if ((error as Error).name === 'AbortError') return error;
  return new ApiError(0, { message: messages.unreachable });
}

export function readCookie(name: string): string | undefined {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

/** Gets the XSRF-TOKEN cookie (Sanctum's `/sanctum/csrf-cookie`) when the browser has none, or when `afresh`. */
export async function ensureCsrfCookie(signal?: AbortSignal, afresh = false): Promise<void> {
  if (afresh || !readCookie('XSRF-TOKEN')) await fetch('/sanctum/csrf-cookie', { credentials: 'include', signal });
}

/** Headers every mutating call needs: the CSRF token echoed from its cookie. */
export function csrfHeaders(): Record<string, string> {
  const token = readCookie('XSRF-TOKEN');
  return token ? { 'X-XSRF-TOKEN': token } : {};
}

/** Listeners to one kind of answer, which the app shell acts on whichever screen made the call. */
function answerListeners<T>() {
  const listeners = new Set<(value: T) => void>();
  return {
    listen(listener: (value: T) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    tell: (value: T) => listeners.forEach((listener) => listener(value)),
  };
}

const sessionEnded = answerListeners<string>();
/** The app shell listens here: any 401 means the session is gone, so it returns to sign-in. */
export const onSessionEnded = sessionEnded.listen;

const enrolmentRequired = answerListeners<void>();
/** The app shell listens here: a 403 `enrolment_required` means she must set up a second factor before anything else (decision 043). */
export const onEnrolmentRequired = enrolmentRequired.listen;

/** How long an answer asked for early waits for the screen that will want it; past that, the screen asks afresh. */
const EARLY_ANSWER_KEPT_MS = 10_000;
const earlyAnswers = new Map<string, { promise: Promise<unknown>; at: number }>();

/**
 * Starts a GET now, before the screen that will make it is drawn (its scripts still downloading):
 * the screen's own call of the same path, within a few seconds, takes this answer instead of
 * asking again. Each early answer is taken once, so a later visit reads the server afresh.
 */
export function askEarly(path: string, { guessed = false }: { guessed?: boolean } = {}): void {
  if (earlyAnswers.has(path)) return;
  const early = { promise: api(path, { guessed }), at: Date.now() };
  earlyAnswers.set(path, early);
  // Whoever takes it sees the failure; untaken, it is no one's error. A call asked on a guess of
  // who is signed in that failed is forgotten, so that the screen asks for itself.
  early.promise.catch(() => {
    if (guessed && earlyAnswers.get(path) === early) earlyAnswers.delete(path);
  });
}

/** Whether an answer asked for early waits for `path`'s screen (a failed guess no longer does). */
export const earlyAnswerWaits = (path: string): boolean => earlyAnswers.has(path);

/** The early answer of a GET, once, if one was asked for moments ago. */
function takeEarlyAnswer(path: string): Promise<unknown> | undefined {
  const early = earlyAnswers.get(path);
  earlyAnswers.delete(path);
  return early && Date.now() - early.at <= EARLY_ANSWER_KEPT_MS ? early.promise : undefined;
}

/**
 * The sign-in calls, whose 401 is a wrong password, not a session that ended; and a guardian's
 * second step (`/api/guardian-login/…`), whose 401 is a sign-in that waited too long, which her
 * sign-in page tells her itself.
 */
const isSignIn = (path: string) => path.startsWith('/api/login') || path === '/api/admin-login' || path.startsWith('/api/guardian-login');

/** `csrf`: a read that must echo the CSRF token too, as a mutating call does (the server's `/api/user/{id}`). */
/**
 * `guessed`: a read asked before the session has said who is signed in, for whoever was last
 * (`askEarly`): its 401 says only that the guess was wrong, not that a session ended.
 */
type CallOptions = { method?: string; body?: unknown; signal?: AbortSignal; timeoutMs?: number; csrf?: boolean; guessed?: boolean };
type Answer = { status: number; ok: boolean; statusText: string; body: unknown };

/**
 * One round trip within the call's time limit: the CSRF cookie first for a mutating call (fetched
 * afresh when `freshToken`), then the call, its answer read and parsed.
 */
async function exchange(path: string, method: string, options: CallOptions, freshToken = false): Promise<Answer> {
  const limit = timeLimit(options.timeoutMs ?? CALL_TIMEOUT_MS, options.signal);
  let response: Response;
  let text: string;
  try {
    // Inside the time limit and the network's error: offline, the cookie's fetch fails as the call would.
    const withToken = MUTATING.has(method) || options.csrf === true;
    if (withToken) await ensureCsrfCookie(limit.signal, freshToken);
    response = await fetch(path, {
      method,
      credentials: 'include',
      signal: limit.signal,
      headers: {
        Accept: 'application/json',
        ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(withToken ? csrfHeaders() : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    // The answer's body is read within the same time limit.
    text = response.status === 204 ? '' : await response.text();
  } catch (error) {
    throw networkError(error, limit.timedOut());
  } finally {
    limit.done();
  }
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = { message: response.statusText || 'Unexpected answer from the portal.' };
  }
  return { status: response.status, ok: response.ok, statusText: response.statusText, body };
}

/** A refusal for a CSRF token the server does not know: nothing was done, so the call may be sent again. */
const refusedToken = (answer: Answer): boolean =>
  answer.status === 403 && (answer.body as { message?: unknown } | undefined)?.message === messages.csrfMismatch;

/**
 * The one HTTP client: sends cookies, the CSRF header on mutating calls and JSON bodies; answers
 * the parsed JSON, or throws an ApiError (status 0 when the network failed).
 */
export async function api<T>(path: string, options: CallOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const early = method === 'GET' ? takeEarlyAnswer(path) : undefined;
  if (early) return early as Promise<T>;
  let answer = await exchange(path, method, options);
  // A session that ended (timed out, or ended by an admin) leaves its token in the browser's cookie:
  // the call goes once more with a token fetched afresh, so signing in again on the same page works.
  if (refusedToken(answer)) answer = await exchange(path, method, options, true);
  if (answer.status === 204) return undefined as T;
  const { body } = answer;
  if (!answer.ok) {
    const errorBody = (body && typeof body === 'object' ? body : { message: answer.statusText }) as ApiErrorBody & Record<string, unknown>;
    if (answer.status === 401 && !isSignIn(path) && !options.guessed) sessionEnded.tell(errorBody.message);
    if (answer.status === 403 && errorBody.code === 'enrolment_required') enrolmentRequired.tell();
    throw new ApiError(answer.status, errorBody);
  }
  return body as T;
}

/** How long a call waits in all, over its retries, for the server's password checks to have room. */
const BUSY_WAIT_LIMIT_MS = 30_000;

/**
 * Makes `call`, and while the server answers 503 because its password checks are busy (a class
 * signing in at once from one school address), makes it again after the `retryAfter` seconds it
 * gives, for up to half a minute: the student waits on the busy screen instead of being told to
 * try again. Past that, the 503's message is thrown as any error.
 */
export async function retryWhileBusy<T>(call: () => Promise<T>, sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))): Promise<T> {
  let waited = 0;
  for (;;) {
    try {
      return await call();
    } catch (error) {
      const retryAfter = error instanceof ApiError && error.status === 503 ? Number(error.body.retryAfter) : Number.NaN;
      const wait = Math.min(Math.max(retryAfter, 1), 10) * 1000;
      if (!Number.isFinite(retryAfter) || waited + wait > BUSY_WAIT_LIMIT_MS) throw error;
      waited += wait;
      await sleep(wait);
    }
  }
}
