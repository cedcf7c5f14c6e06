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

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function readCookie(name: string): string | undefined {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

/** Gets the XSRF-TOKEN cookie (Sanctum's `/sanctum/csrf-cookie`) when the browser has none. */
export async function ensureCsrfCookie(): Promise<void> {
  if (!readCookie('XSRF-TOKEN')) await fetch('/sanctum/csrf-cookie', { credentials: 'include' });
}

/** Headers every mutating call needs: the CSRF token echoed from its cookie. */
export function csrfHeaders(): Record<string, string> {
  const token = readCookie('XSRF-TOKEN');
  return token ? { 'X-XSRF-TOKEN': token } : {};
}

type Listener = (message: string) => void;
const sessionEndedListeners = new Set<Listener>();
/** The app shell listens here: any 401 means the session is gone, so it returns to sign-in. */
export function onSessionEnded(listener: Listener): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/**
 * The one HTTP client: sends cookies, the CSRF header on mutating calls and JSON bodies; answers
 * the parsed JSON, or throws an ApiError (status 0 when the network failed).
 */
export async function api<T>(path: string, options: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const method = options.method ?? 'GET';
  if (MUTATING.has(method)) await ensureCsrfCookie();
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'include',
      signal: options.signal,
      headers: {
        Accept: 'application/json',
        ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(MUTATING.has(method) ? csrfHeaders() : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, { message: messages.unreachable });
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = { message: response.statusText || 'Unexpected answer from the portal.' };
  }
  if (!response.ok) {
    const errorBody = (body && typeof body === 'object' ? body : { message: response.statusText }) as ApiErrorBody & Record<string, unknown>;
    if (response.status === 401 && !path.startsWith('/api/login') && path !== '/api/admin-login') {
      sessionEndedListeners.forEach((listener) => listener(errorBody.message));
    }
    throw new ApiError(response.status, errorBody);
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
