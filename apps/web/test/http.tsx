import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';

/** A JSON answer as the portal sends it. */
export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The session of a signed-in student with her own password, as `/api/session` answers it. */
export const studentSession = {
  authenticated: true,
  admin: false,
  restricted: false,
  userID: '20260001',
  name: 'Kezia Charles',
  initials: 'KC',
  must_change_password: false,
};

/** The session of a signed-in staff member of a role (an admin by default), as `/api/session` answers it. */
export const staffSession = (role: 'admin' | 'office' | 'teacher' = 'admin', classes: string[] = []) => ({
  authenticated: true,
  admin: true,
  restricted: false,
  userID: role === 'admin' ? 'registrar' : `${role}-1`,
  name: 'Admin',
  initials: 'A',
  must_change_password: false,
  role,
  classes,
});

export type Call = { url: string; method: string; body: unknown; signal?: AbortSignal; headers?: Headers };

/**
 * Answers every fetch of the app at the HTTP boundary (there is no server in component tests) and
 * records the calls. The CSRF cookie is set, as the browser would have it.
 */
export function stubFetch(answer: (call: Call) => Response | Promise<Response>): Call[] {
  document.cookie = 'XSRF-TOKEN=test-token';
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call: Call = {
        url: String(input),
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      // Kept out of the call's own fields, so that a test comparing calls compares what was sent.
      Object.defineProperty(call, 'signal', { value: init?.signal ?? undefined, enumerable: false });
      Object.defineProperty(call, 'headers', { value: new Headers(init?.headers), enumerable: false });
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

/** An answer the test releases when it chooses, to see what the screen shows meanwhile. */
export function held() {
  let release!: (response: Response) => void;
  const response = new Promise<Response>((resolve) => (release = resolve));
  return { response, release };
}

/** Renders with a query client of its own that never retries. */
export function renderWithQueries(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return { client, ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>) };
}

export type FormCall = { url: string; fields: Record<string, string>; file: File | null };
type FormAnswer = { status: number; body: unknown };

/**
 * Answers every multipart post (XMLHttpRequest, the one call that reports upload progress) at the
 * HTTP boundary and records each one's fields and file. An answer may be a promise the test
 * resolves when it chooses.
 */
export function stubFormPosts(answer: (call: FormCall) => FormAnswer | Promise<FormAnswer>): FormCall[] {
  document.cookie = 'XSRF-TOKEN=test-token';
  const calls: FormCall[] = [];
  class FakeRequest {
    status = 0;
    statusText = '';
    responseText = '';
    withCredentials = false;
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    send(form: FormData) {
      const fields: Record<string, string> = {};
      let file: File | null = null;
      for (const [name, value] of form.entries()) {
        if (typeof value === 'string') fields[name] = value;
        else file = value;
      }
      const call = { url: this.url, fields, file };
      calls.push(call);
      // An answer may be held (a promise) to see what the screen shows while the post is open.
      void Promise.resolve(answer(call)).then(({ status, body }) =>
        setTimeout(() => {
          this.status = status;
          this.responseText = JSON.stringify(body);
          this.onload?.();
        }, 0),
      );
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  return calls;
}
