import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { AutosaveStore } from './autosave-store.ts';

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

export function useAutosave() {
  const store = useContext(AutosaveContext);
  if (!store) throw new Error('useAutosave needs an AutosaveProvider');
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return { store, state };
}
