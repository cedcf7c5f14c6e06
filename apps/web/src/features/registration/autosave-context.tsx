import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { Registration } from '../../api/get-student.ts';
import { saveStudent } from '../../api/save-student.ts';
import { offlineEditsKeeper } from '../../lib/offline-edits.ts';
import { AutosaveStore } from './autosave-store.ts';

const AutosaveContext = createContext<AutosaveStore | null>(null);

/** Provides the wizard's one autosave store, retries when the network returns, and warns before a page unload loses a change. */
export function AutosaveProvider({ store, children }: { store: AutosaveStore; children: ReactNode }) {
  useEffect(() => {
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

/**
 * The wizard's autosave store for the signed-in student's record, its unsent changes kept on the
 * device (decision 039) and those an earlier visit left unsent laid on it and sent.
 */
export function useWizardAutosave(studentId: string, initial: Registration, save = saveStudent): AutosaveStore {
  const [{ store, keeper }] = useState(() => {
    const keeper = offlineEditsKeeper(studentId);
    return { keeper, store: new AutosaveStore(initial, save, (unsent) => keeper.keep(unsent)) };
  });
  useEffect(() => {
    let open = true;
    void keeper.kept.then((kept) => open && kept && store.restore(kept));
    return () => {
      open = false;
      store.dispose();
    };
  }, [store, keeper]);
  return store;
}

export function useAutosave() {
  const store = useContext(AutosaveContext);
  if (!store) throw new Error('useAutosave needs an AutosaveProvider');
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return { store, state };
}
