import type { StudentRecord } from '@school/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import type { Registration } from '../../../src/api/get-student.ts';
import type { SaveAnswer } from '../../../src/api/save-student.ts';
import { AutosaveProvider } from '../../../src/features/registration/autosave-context.tsx';
import { SAVE_INDICATOR_MS, type AutosaveStore } from '../../../src/features/registration/autosave-store.ts';
import { loadFieldJudge } from '../../../src/features/registration/field-judge.ts';

// A step fetches the contract's schemas just after its first paint; these tests judge values at once.
await loadFieldJudge();

/** Nothing done and nothing reviewed this year. */
export const progress = {
  ...{ studentData: 0, familyData: 0, healthData: 0, otherData: 0, documents: 0, submit: 0 },
  reviewed: { studentData: 0, familyData: 0, healthData: 0, otherData: 0, documents: 0 },
};
/** Every step reviewed this year. */
export const allReviewed = { studentData: 1, familyData: 1, healthData: 1, otherData: 1, documents: 1 };

export function registration(fields: Record<string, unknown> = {}): Registration {
  return {
    record: {
      id: '20260001',
      student_id: '20260001',
      updatedAt: '2026-09-01T00:00:00.000Z',
      first_name: 'Kezia',
      last_name: 'Charles',
      ...fields,
    } as StudentRecord,
    progress,
    registration: { academic_year: '2026-2027', form_level: 1, open: 1, deadline: null, editable: true, message: 'Registration is open.' },
    terms: { version: 'Registration terms 2026-2027', items: ['The information I have given is true.', 'I will tell the school of any change.'] },
    completed_on: null,
  };
}

/** A save that answers like the server: the record with a new version. */
export const acceptingSave = async (record: StudentRecord): Promise<SaveAnswer> => ({
  message: 'Saved',
  record: { ...record, updatedAt: new Date().toISOString() },
  progress,
});

/** Renders with the wizard's providers; reference lists answer empty (no server in component tests). */
export function withWizard(store: AutosaveStore, children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, queryFn: async () => [] } } });
  return (
    <QueryClientProvider client={client}>
      <AutosaveProvider store={store}>{children}</AutosaveProvider>
    </QueryClientProvider>
  );
}

/**
 * Puts the test on a clock of its own (the setup goes back to the real one after each test), so
 * that the saving indicator's pause passes when the test says; answers a user whose typing runs on it.
 */
export function onTestClock() {
  vi.useFakeTimers();
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

/** Lets `ms` of the test's clock pass, by default the saving indicator's pause, and draws what follows. */
export const passTime = (ms = SAVE_INDICATOR_MS) => act(() => vi.advanceTimersByTimeAsync(ms));

/**
 * Waits until a step's form has drawn every section: it draws a screen of them at once and the
 * rest in turns once that is painted. On the test's own clock, the clock is moved on meanwhile.
 */
export async function allSectionsDrawn(): Promise<void> {
  const drawn = () => document.querySelector('[data-drawn="all"]') !== null;
  if (vi.isFakeTimers()) {
    for (let turn = 0; turn < 50 && !drawn(); turn += 1) await act(() => vi.advanceTimersByTimeAsync(100));
  }
  await waitFor(() => {
    if (!drawn()) throw new Error('the step is still drawing its sections');
  });
}
