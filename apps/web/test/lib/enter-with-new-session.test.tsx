// The IndexedDB classes idb looks for; each test then gets an empty device of its own.
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import type { ReactNode } from 'react';
import { MemoryRouter } from '../../src/lib/router/index.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEnterWithNewSession } from '../../src/lib/enter-with-new-session.ts';
import * as offlineEdits from '../../src/lib/offline-edits.ts';
import { readOfflineEdits, writeOfflineEdits } from '../../src/lib/offline-edits.ts';
import { json, staffSession, studentSession, stubFetch } from '../http.tsx';

const keziasChanges = { studentId: '20260001', updatedAt: '2026-09-01T00:00:00.000Z', changes: { allergy: 'Bee stings' }, keptAt: Date.now() };

/** Signs in as whoever `/api/session` names, as the sign-in screens do once the server has said yes. */
async function signInAs(session: Record<string, unknown>) {
  stubFetch(() => json(session));
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  const { result } = renderHook(() => useEnterWithNewSession(), { wrapper });
  await result.current('/dashboard');
}

describe('a sign-in on a device holding a student’s unsent changes', () => {
  beforeEach(async () => {
    vi.stubGlobal('indexedDB', new IDBFactory());
    await writeOfflineEdits(keziasChanges);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('deletes them when another student signs in', async () => {
    await signInAs({ ...studentSession, userID: '20260002' });
    await waitFor(async () => expect(await readOfflineEdits('20260001')).toBeNull());
  });

  it('deletes them when a member of staff signs in', async () => {
    await signInAs({ ...staffSession('admin'), userID: '20260001' });
    await waitFor(async () => expect(await readOfflineEdits('20260001')).toBeNull());
  });

  it('keeps them for their own student, to be sent when she opens the wizard', async () => {
    // The sign-in looks at the device in the background: the look, once ended, has kept them.
    const looked = vi.spyOn(offlineEdits, 'forgetOfflineEditsOfOthers');
    await signInAs({ ...studentSession, userID: '20260001' });
    await waitFor(() => expect(looked).toHaveBeenCalledWith('20260001'));
    await looked.mock.results[0]?.value;
    await expect(readOfflineEdits('20260001')).resolves.toEqual(keziasChanges);
  });
});
