import type { StudentRecord } from '@school/contract';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/client.ts';
import { AutosaveStore, SAVE_INDICATOR_MS, type UnsentChanges } from '../../../src/features/registration/autosave-store.ts';
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
    // Kept for later, which is no error: its mark is its own.
    expect(store.getSnapshot().status.get('allergy')).toBe('kept');
    expect(store.hasUnsaved).toBe(true);
    online = true;
    store.retryNow();
    await vi.advanceTimersByTimeAsync(SAVE_INDICATOR_MS);
    expect(store.getSnapshot().record.allergy).toBe('Pollen');
    expect(store.getSnapshot().status.get('allergy')).toBe('saved');
    expect(store.hasUnsaved).toBe(false);
  });

  it('saves at once when the connection returns while a save begun offline is still failing', async () => {
    let online = false;
    let failSent: (() => void) | undefined;
    const sent: StudentRecord[] = [];
    const store = new AutosaveStore(registration(), async (record) => {
      sent.push(record);
      if (online) return acceptingSave(record);
      // The request started offline fails only after the connection is back.
      await new Promise<void>((resolve) => (failSent = resolve));
      throw new ApiError(0, { message: 'offline' });
    });
    store.commit('allergy', 'Pollen');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    online = true;
    store.retryNow();
    failSent?.();
    await vi.advanceTimersByTimeAsync(SAVE_INDICATOR_MS);
    // Sent again with no retry's wait, which would be 2 s or more.
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(SAVE_INDICATOR_MS);
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

  it('gives each field the same snapshot until its own value, mark, message or requirement changes', async () => {
    const store = new AutosaveStore(registration(), acceptingSave);
    const transport = store.fieldSnapshot('transport');
    const motherName = store.fieldSnapshot('mother_name');
    expect(motherName.required).toBe(false);
    store.commit('allergy', 'Pollen');
    await vi.advanceTimersByTimeAsync(SAVE_INDICATOR_MS);
    expect(store.getSnapshot().status.get('allergy')).toBe('saved');
    // Another field's save leaves hers as it was, so a field that reads only its own is not drawn again.
    expect(store.fieldSnapshot('transport')).toBe(transport);
    expect(store.fieldSnapshot('allergy')).toMatchObject({ saved: 'Pollen', status: 'saved', error: undefined });
    store.setError('transport', 'Choose Yes or No.');
    expect(store.fieldSnapshot('transport')).toMatchObject({ error: 'Choose Yes or No.' });
    expect(store.fieldSnapshot('transport')).not.toBe(transport);
    // The living status decides whether a parent's name must be filled in.
    store.commit('living_status', 'Mother Only');
    expect(store.fieldSnapshot('mother_name')).toMatchObject({ saved: null, required: true });
    expect(store.fieldSnapshot('mother_name')).toBe(store.fieldSnapshot('mother_name'));
    expect(store.fieldSnapshot('father_name').required).toBe(false);
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

  it('ends a save that failed in an unforeseen way (not an answer of the server) as failed, keeps it, and tries it again', async () => {
    let broken = true;
    const store = new AutosaveStore(registration(), async (record) => {
      if (broken) throw new TypeError('Failed to fetch');
      return acceptingSave(record);
    });
    store.commit('allergy', 'Pollen');
    await vi.advanceTimersByTimeAsync(SAVE_INDICATOR_MS);
    expect(store.getSnapshot().status.get('allergy')).toBe('error');
    expect(store.hasUnsaved).toBe(true);
    broken = false;
    await vi.advanceTimersByTimeAsync(2000 + SAVE_INDICATOR_MS);
    expect(store.getSnapshot().status.get('allergy')).toBe('saved');
    expect(store.getSnapshot().record.allergy).toBe('Pollen');
  });

  describe('the unsent changes kept on the device', () => {
    it('hears of the changed fields with the version they were made on, and of none once they are saved', async () => {
      let online = false;
      const kept: Array<UnsentChanges | null> = [];
      const store = new AutosaveStore(
        registration(),
        async (record) => {
          if (!online) throw new ApiError(0, { message: 'offline' });
          return acceptingSave(record);
        },
        (unsent) => kept.push(unsent),
      );
      store.commit('allergy', 'Pollen');
      store.commit('transport', 1);
      await vi.advanceTimersByTimeAsync(SAVE_INDICATOR_MS);
      expect(kept.at(-1)).toEqual({ updatedAt: registration().record.updatedAt, changes: { allergy: 'Pollen', transport: 1 } });
      online = true;
      store.retryNow();
      await vi.advanceTimersByTimeAsync(SAVE_INDICATOR_MS);
      expect(store.hasUnsaved).toBe(false);
      expect(kept.at(-1)).toBeNull();
    });

    it('sends changes left by an earlier visit with the version they were made on', async () => {
      const sent: StudentRecord[] = [];
      const store = new AutosaveStore(registration(), async (record) => {
        sent.push(record);
        return acceptingSave(record);
      });
      store.restore({ updatedAt: registration().record.updatedAt, changes: { allergy: 'Bee stings', not_a_field: 'x' } });
      expect(store.value('allergy')).toBe('Bee stings');
      await vi.advanceTimersByTimeAsync(SAVE_INDICATOR_MS);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ allergy: 'Bee stings', updatedAt: registration().record.updatedAt });
      expect(sent[0]).not.toHaveProperty('not_a_field');
      expect(store.getSnapshot().status.get('allergy')).toBe('saved');
      expect(store.hasUnsaved).toBe(false);
    });

    it('merges them on the newest record when the record changed since they were made, as a live 409 is', async () => {
      // Read now: the admin has since saved her transport; the kept change was made on the version before.
      const now = registration({ transport: 2, updatedAt: '2026-09-03T00:00:00.000Z' });
      const sent: StudentRecord[] = [];
      const store = new AutosaveStore(now, async (record) => {
        sent.push(record);
        if (record.updatedAt !== now.record.updatedAt) throw new ApiError(409, { message: 'changed', record: now.record });
        return acceptingSave(record);
      });
      store.restore({ updatedAt: '2026-09-01T00:00:00.000Z', changes: { allergy: 'Bee stings' } });
      await vi.advanceTimersByTimeAsync(SAVE_INDICATOR_MS);
      expect(sent.map((record) => record.updatedAt)).toEqual(['2026-09-01T00:00:00.000Z', now.record.updatedAt]);
      expect(store.getSnapshot().record).toMatchObject({ allergy: 'Bee stings', transport: 2 });
      expect(store.getSnapshot().status.get('allergy')).toBe('saved');
    });

    it('lets a change made in this visit win over a kept change of the same field', async () => {
      const sent: StudentRecord[] = [];
      const store = new AutosaveStore(registration(), async (record) => {
        sent.push(record);
        return acceptingSave(record);
      });
      store.commit('allergy', 'Dust');
      store.restore({ updatedAt: registration().record.updatedAt, changes: { allergy: 'Bee stings', medical_history: 'Asthma' } });
      await vi.advanceTimersByTimeAsync(2 * SAVE_INDICATOR_MS);
      expect(store.getSnapshot().record).toMatchObject({ allergy: 'Dust', medical_history: 'Asthma' });
      expect(store.hasUnsaved).toBe(false);
    });
  });
});

describe('a change committed before the contract’s schemas have arrived', () => {
  it('shows it is being saved and is questioned on leaving while they come, then is judged and saved', async () => {
    // A fresh copy of the store's modules, whose schemas are not fetched yet, as on a step's first paint.
    vi.resetModules();
    const fresh = await import('../../../src/features/registration/autosave-store.ts');
    const sent: StudentRecord[] = [];
    const store = new fresh.AutosaveStore(registration(), async (record) => {
      sent.push(record);
      return acceptingSave(record);
    });
    store.commit('allergy', 'Dust');
    expect(store.getSnapshot().status.get('allergy')).toBe('saving');
    expect(store.hasUnsaved).toBe(true);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ allergy: 'Dust' });
  });

  it('keeps it, on the device too, when they cannot be fetched (offline), and judges and saves it once they can', async () => {
    const schemas = '../../../src/features/registration/field-schemas.ts';
    vi.resetModules();
    vi.doMock(schemas, () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const fresh = await import('../../../src/features/registration/autosave-store.ts');
    const sent: StudentRecord[] = [];
    const kept: Array<UnsentChanges | null> = [];
    const store = new fresh.AutosaveStore(
      registration(),
      async (record) => {
        sent.push(record);
        return acceptingSave(record);
      },
      (unsent) => kept.push(unsent),
    );
    store.commit('allergy', 'Dust');
    await waitFor(() => expect(store.getSnapshot().offline).toBe(true));
    expect(store.getSnapshot().status.get('allergy')).toBe('kept');
    expect(store.value('allergy')).toBe('Dust');
    expect(store.hasUnsaved).toBe(true);
    expect(kept.at(-1)).toMatchObject({ changes: { allergy: 'Dust' } });
    expect(sent).toHaveLength(0);

    vi.doUnmock(schemas);
    store.retryNow();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ allergy: 'Dust' });
    await waitFor(() => expect(store.getSnapshot().status.get('allergy')).toBe('saved'));
    expect(store.getSnapshot().offline).toBe(false);
    expect(kept.at(-1)).toBeNull();
    store.dispose();
  });
});
