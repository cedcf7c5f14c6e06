/**
 * Shares one fetch of something the screen loads on demand (a chunk, the contract's checks) among
 * all its callers. A failed fetch is forgotten, so the next caller asks again.
 *
 * The forgetting is done here, outside `load`: the bundler wraps a dynamic `import()` in a helper
 * that fetches the chunk's styles first and rejects without running anything chained inside the
 * wrapped call when one of them fails (offline), so a reset written there would never run and the
 * failure would be kept for the rest of the visit.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
}
