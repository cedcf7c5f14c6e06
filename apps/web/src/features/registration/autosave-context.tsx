import { createContext, useContext, useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import type { Registration } from '../../api/get-student.ts';
import { saveStudent } from '../../api/save-student.ts';
import { offlineEditsKeeper } from '../../lib/offline-edits.ts';
import { AutosaveStore } from './autosave-store.ts';

const AutosaveContext = createContext<AutosaveStore | null>(null);

/**
 * Provides the wizard's one autosave store (none until her record has come), retries when the
 * network returns, and warns before a page unload loses a change.
 */
export function AutosaveProvider({ store, children }: { store: AutosaveStore | null; children: ReactNode }) {
  useEffect(() => {
    if (!store) return;
    const online = () => store.retryNow();
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (store.hasUnsaved) event.preventDefault();
    };
    window.addEventListener('online', online);
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('beforeunload', beforeUnload);
    };
  }, [store]);
  return <AutosaveContext.Provider value={store}>{children}</AutosaveContext.Provider>;
}

type VisitStore = { studentId: string; store: AutosaveStore; keeper: ReturnType<typeof offlineEditsKeeper> };

/**
 * The wizard's autosave store for the signed-in student's record, made when the record comes
 * (`null` until then), its unsent changes kept on the device (decision 039) and those an earlier
 * visit left unsent laid on it and sent.
 */
export function useWizardAutosave(studentId: string, initial: Registration | undefined, save = saveStudent): AutosaveStore | null {
  // Made once, in the render that first has her record: a ref holds it at once, so no second
  // render can make another store beside it.
  const made = useRef<VisitStore | null>(null);
  if (initial && made.current?.studentId !== studentId) {
    const keeper = offlineEditsKeeper(studentId);
    made.current = { studentId, keeper, store: new AutosaveStore(initial, save, (unsent) => keeper.keep(unsent)) };
  }
  const visit = made.current?.studentId === studentId ? made.current : null;
  useEffect(() => {
    if (!visit) return;
    let open = true;
    void visit.keeper.kept.then((kept) => open && kept && visit.store.restore(kept));
    return () => {
      open = false;
      visit.store.dispose();
    };
  }, [visit]);
  return visit?.store ?? null;
}

const noStore = { subscribe: () => () => undefined, getSnapshot: () => null };

/** The store's state, or `null` while there is no store yet. */
export function useAutosaveState(store: AutosaveStore | null) {
  return useSyncExternalStore((store ?? noStore).subscribe, (store ?? noStore).getSnapshot);
}

function useAutosaveStore(): AutosaveStore {
  const store = useContext(AutosaveContext);
  if (!store) throw new Error('useAutosave needs an AutosaveProvider with a store');
  return store;
}

/** The store and its whole state: the component draws again at every change of the form. */
export function useAutosave() {
  const store = useAutosaveStore();
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return { store, state };
}

/** The store and what one field shows of it: the field draws again only when that changes (issue 54). */
export function useAutosaveField(name: string) {
  const store = useAutosaveStore();
  const shown = useSyncExternalStore(store.subscribe, () => store.fieldSnapshot(name));
  return { store, shown };
}
