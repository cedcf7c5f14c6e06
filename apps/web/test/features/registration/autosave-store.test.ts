import type { StudentRecord } from '@school/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/client.ts';
import { AutosaveStore, SAVE_INDICATOR_MS } from '../../../src/features/registration/autosave-store.ts';
import { acceptingSave, progress, registration } from './fixtures.tsx';

describe('autosave', () => {
  // The saving indicator's pause and the retries run on the test's clock, so no test waits for them.
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lays the pending change on the newest record after a 409 and saves again', async () => {
    const theirs = { ...registration().record, allergy: 'Dust', updatedAt: '2026-09-02T00:00:00.000Z' } as StudentRecord;
    const sent: StudentRecord[] = [];
    const store = new AutosaveStore(registration(), async (record) => {
      sent.push(record);
      if (record.updatedAt !== theirs.updatedAt) throw new ApiError(409, { message: 'changed', record: theirs });
      return acceptingSave(record);
    });
    store.commit('transport', 1);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(2);
    expect(store.getSnapshot().status.get('transport')).toBe('saving');
    await vi.advanceTimersByTimeAsync(SAVE_INDICATOR_MS);
    expect(store.getSnapshot().status.get('transport')).toBe('saved');
    expect(sent[1]).toMatchObject({ allergy: 'Dust', transport: 1, updatedAt: theirs.updatedAt });
    expect(store.getSnapshot().record).toMatchObject({ allergy: 'Dust', transport: 1 });
    expect(store.hasUnsaved).toBe(false);
  });

  it('keeps a change through a network failure and saves it when the connection returns', async () => {
    let online = false;
    const store = new AutosaveStore(registration(), async (record) => {
      if (!online) throw new ApiError(0, { message: 'offline' });
      return { message: 'Saved', record: { ...record, updatedAt: 'v2' }, progress };
    });
    store.commit('allergy', 'Pollen');
    await vi.advanceTimersByTimeAsync(SAVE_INDICATOR_MS);
    expect(store.getSnapshot().status.get('allergy')).toBe('error');
    expect(store.hasUnsaved).toBe(true);
    online = true;
    store.retryNow();
    await vi.advanceTimersByTimeAsync(SAVE_INDICATOR_MS);
    expect(store.getSnapshot().record.allergy).toBe('Pollen');
    expect(store.getSnapshot().status.get('allergy')).toBe('saved');
    expect(store.hasUnsaved).toBe(false);
  });

  describe('when the database is stalled or its connection lost (503)', () => {
    it('tries a save answered 503 "busy" again by itself, and saves it', async () => {
      let stalled = true;
      const sent: StudentRecord[] = [];
      const store = new AutosaveStore(registration(), async (record) => {
        sent.push(record);
        if (stalled) throw new ApiError(503, { message: 'The database is busy just now, so this was not done. Please try again in a moment.' });
        return acceptingSave(record);
      });
      store.commit('allergy', 'Pollen');
      await vi.advanceTimersByTimeAsync(700);
      expect(store.getSnapshot().status.get('allergy')).toBe('error');
      expect(store.hasUnsaved).toBe(true);
      stalled = false;
      await vi.advanceTimersByTimeAsync(2000 + 700);
      expect(sent).toHaveLength(2);
      expect(store.getSnapshot().status.get('allergy')).toBe('saved');
      expect(store.getSnapshot().record.allergy).toBe('Pollen');
      expect(store.hasUnsaved).toBe(false);
    });

    it('settles a save of unknown outcome that was in fact stored: the retry meets 409 with the stored record, and the field ends saved', async () => {
      const initial = registration();
      let stored = initial.record;
      const sent: StudentRecord[] = [];
      const store = new AutosaveStore(initial, async (record) => {
        sent.push(record);
        if (record.updatedAt !== stored.updatedAt) throw new ApiError(409, { message: 'changed', record: stored });
        stored = { ...record, updatedAt: `v${sent.length}` };
        if (sent.length === 1) {
          // Committed, but the connection was lost before the answer.
          throw new ApiError(503, {
            message:
              'The connection to the database was lost before this change was confirmed, so it may or may not have been saved. Please check and try again in a moment.',
          });
        }
        return { message: 'Saved', record: stored, progress };
      });
      store.commit('allergy', 'Pollen');
      await vi.advanceTimersByTimeAsync(700);
      expect(store.getSnapshot().status.get('allergy')).toBe('error');
      await vi.advanceTimersByTimeAsync(2000 + 700);
      // The retry was sent with the version she had, met 409, and was laid on the stored record.
      expect(sent.map((record) => record.updatedAt)).toEqual([initial.record.updatedAt, initial.record.updatedAt, 'v1']);
      expect(store.getSnapshot().record).toMatchObject({ allergy: 'Pollen', updatedAt: 'v3' });
      expect(store.getSnapshot().status.get('allergy')).toBe('saved');
      expect(store.hasUnsaved).toBe(false);
    });
  });

  it('shows the server’s field message on a 422 and stops sending that value', async () => {
    const store = new AutosaveStore(registration(), async () => {
      throw new ApiError(422, { message: 'Invalid e-mail', errors: { email: ['Invalid e-mail'] } });
    });
    store.commit('email', 'someone@example.tt');
    await vi.advanceTimersByTimeAsync(SAVE_INDICATOR_MS);
    expect(store.getSnapshot().errors.get('email')).toBe('Invalid e-mail');
    expect(store.hasUnsaved).toBe(false);
  });
});
