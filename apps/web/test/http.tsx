import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';

/** A JSON answer as the portal sends it. */
export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export type Call = { url: string; method: string; body: unknown };

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
      const call = { url: String(input), method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined };
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
