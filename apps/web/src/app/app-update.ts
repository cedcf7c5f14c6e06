/**
 * A newer version of the portal, found by the service worker while this page runs an older one.
 * Kept out of React so the lazily loaded registration can offer it and the banner can show it.
 */
export type AppUpdate = {
  /** True once a newer version waits to be taken. */
  readonly offered: boolean;
  /** Called by the service worker's registration when a newer version waits; `take` loads it (at `to`, else here). */
  offer(take: (to?: string) => void): void;
  /** Switches to the newer version: here (the Reload button), or at `to` (the next navigation). */
  take(to?: string): void;
  subscribe(listener: () => void): () => void;
};

export function createAppUpdate(): AppUpdate {
  let taker: ((to?: string) => void) | null = null;
  const listeners = new Set<() => void>();
  return {
    get offered() {
      return taker !== null;
    },
    offer(take) {
      taker = take;
      listeners.forEach((listener) => listener());
    },
    take(to) {
      taker?.(to);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The page's one update state. */
export const appUpdate = createAppUpdate();
