import { lazy, type ComponentType } from 'react';

/**
 * A component in a chunk of its own that a screen draws only on demand (a menu, a dialog), with a
 * `preload` to call once the screen is up: the chunk is then fetched while the student reads, so
 * opening it later needs no network (a phone that has since lost its connection included).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component's props
export function lazyPreloaded<T extends ComponentType<any>>(load: () => Promise<T>) {
  let loading: Promise<{ default: T }> | null = null;
  const start = () =>
    (loading ??= load()
      .then((component) => ({ default: component }))
      .catch((error: unknown) => {
        // A failed fetch is tried again by the next caller.
        loading = null;
        throw error;
      }));
  return { Component: lazy(start), preload: () => void start().catch(() => undefined) };
}
