import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/client.ts';
import { MAX_CONFLICT_RETRIES, saveWithConflictRetry } from '../../src/lib/save-with-conflict-retry.ts';

type Doc = { id: string; updatedAt: string; first_name: string; last_name: string };
const mine: Doc = { id: '1', updatedAt: 'v1', first_name: 'Kezia', last_name: 'Charles' };
const conflict = (record: Doc) => new ApiError(409, { message: 'The record was changed by someone else.', record });

describe('saving with a retry on a conflict', () => {
  it('saves the change laid on the record when nobody saved first', async () => {
    const save = vi.fn(async (record: Doc) => ({ record: { ...record, updatedAt: 'v2' } }));
    const answer = await saveWithConflictRetry({ record: mine, change: { first_name: 'Anya' }, save });
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith({ ...mine, first_name: 'Anya' });
    expect(answer.record).toMatchObject({ first_name: 'Anya', updatedAt: 'v2' });
  });

  it('lays the change on the newest record after a 409 and saves again, keeping the other editor’s change', async () => {
    const theirs = { ...mine, updatedAt: 'v2', last_name: 'Charles-Baptiste' };
    const onConflict = vi.fn();
    const save = vi.fn(async (record: Doc) => {
      if (record.updatedAt !== theirs.updatedAt) throw conflict(theirs);
      return { record: { ...record, updatedAt: 'v3' } };
    });
    const answer = await saveWithConflictRetry({ record: mine, change: { first_name: 'Anya' }, save, onConflict });
    expect(save).toHaveBeenCalledTimes(2);
    expect(save.mock.calls[1][0]).toEqual({ id: '1', updatedAt: 'v2', first_name: 'Anya', last_name: 'Charles-Baptiste' });
    expect(onConflict).toHaveBeenCalledWith(theirs);
    expect(answer.record).toMatchObject({ first_name: 'Anya', last_name: 'Charles-Baptiste', updatedAt: 'v3' });
  });

  it(`gives up after ${MAX_CONFLICT_RETRIES} conflicts in a row and throws the last one`, async () => {
    let version = 1;
    const save = vi.fn(async (): Promise<never> => {
      version += 1;
      throw conflict({ ...mine, updatedAt: `v${version}` });
    });
    const failure = await saveWithConflictRetry({ record: mine, change: { first_name: 'Anya' }, save }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(409);
    expect(save).toHaveBeenCalledTimes(MAX_CONFLICT_RETRIES + 1);
  });

  it('throws at once a 409 without the newest record, and any other failure', async () => {
    for (const error of [
      new ApiError(409, { message: 'Conflict' }),
      new ApiError(422, { message: 'Invalid', errors: { first_name: ['Invalid'] } }),
      new ApiError(0, { message: 'offline' }),
    ]) {
      const save = vi.fn(async (): Promise<never> => {
        throw error;
      });
      await expect(saveWithConflictRetry({ record: mine, change: { first_name: 'Anya' }, save })).rejects.toBe(error);
      expect(save).toHaveBeenCalledTimes(1);
    }
  });
});
