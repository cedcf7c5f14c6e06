// The IndexedDB classes (IDBRequest, IDBCursor…) idb looks for; each test then gets an empty device of its own.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  deleteOfflineEdits,
  forgetOfflineEditsOfOthers,
  OFFLINE_EDITS_DATABASE,
  OFFLINE_EDITS_KEPT_MS,
  offlineEditsKeeper,
  readOfflineEdits,
  writeOfflineEdits,
  type OfflineEdits,
} from '../../src/lib/offline-edits.ts';

const kezia: OfflineEdits = { studentId: '20260001', updatedAt: '2026-09-01T00:00:00.000Z', changes: { allergy: 'Bee stings' }, keptAt: Date.now() };

/** What the device holds, read past the module under test. */
async function onDevice(): Promise<unknown[]> {
  const names = (await indexedDB.databases()).map((database) => database.name);
  if (!names.includes(OFFLINE_EDITS_DATABASE)) return [];
  const db = await openDB(OFFLINE_EDITS_DATABASE);
  try {
    return db.objectStoreNames.length ? await db.getAll(db.objectStoreNames[0]) : [];
  } finally {
    db.close();
  }
}

describe('unsent changes kept on the device', () => {
  // Each test starts with an empty device.
  beforeEach(() => vi.stubGlobal('indexedDB', new IDBFactory()));
  afterEach(() => vi.unstubAllGlobals());

  it('are read back by their own student', async () => {
    await writeOfflineEdits(kezia);
    await expect(readOfflineEdits('20260001')).resolves.toEqual(kezia);
  });

  it('are never given to another student, and are deleted when she asks', async () => {
    await writeOfflineEdits(kezia);
    await expect(readOfflineEdits('20260002')).resolves.toBeNull();
    expect(await onDevice()).toEqual([]);
  });

  it('are forgotten after a week', async () => {
    await writeOfflineEdits(kezia);
    await expect(readOfflineEdits('20260001', kezia.keptAt + OFFLINE_EDITS_KEPT_MS + 1)).resolves.toBeNull();
    expect(await onDevice()).toEqual([]);
  });

  it('are deleted when another account signs in, and kept when she signs in again', async () => {
    await writeOfflineEdits(kezia);
    await forgetOfflineEditsOfOthers('20260001');
    expect(await onDevice()).toEqual([kezia]);
    await forgetOfflineEditsOfOthers(null);
    expect(await onDevice()).toEqual([]);
  });

  it('leave no database behind at sign-out', async () => {
    await writeOfflineEdits(kezia);
    await deleteOfflineEdits();
    expect((await indexedDB.databases()).map((database) => database.name)).not.toContain(OFFLINE_EDITS_DATABASE);
  });

  describe('the wizard’s keeper', () => {
    it('reads what an earlier visit left before writing, keeps only the latest changes, and deletes them once none are left', async () => {
      await writeOfflineEdits(kezia);
      const keeper = offlineEditsKeeper('20260001');
      // Written at once, before the read: had it gone first, the earlier visit's change would be lost.
      keeper.keep({ updatedAt: kezia.updatedAt, changes: { transport: 1 } });
      keeper.keep({ updatedAt: kezia.updatedAt, changes: { transport: 2 } });
      await expect(keeper.kept).resolves.toEqual(kezia);
      await keeper.settled();
      expect(await onDevice()).toEqual([expect.objectContaining({ studentId: '20260001', changes: { transport: 2 } })]);
      keeper.keep(null);
      await keeper.settled();
      expect(await onDevice()).toEqual([]);
    });

    it('costs nothing but the keeping when the device refuses to store (private mode, a full disk)', async () => {
      vi.stubGlobal('indexedDB', {
        open: () => {
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        },
      });
      const keeper = offlineEditsKeeper('20260001');
      keeper.keep({ updatedAt: kezia.updatedAt, changes: { transport: 1 } });
      await expect(keeper.kept).resolves.toBeNull();
      await expect(keeper.settled()).resolves.toBeUndefined();
    });
  });
});
