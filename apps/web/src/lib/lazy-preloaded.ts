import { createElement, lazy, useState, type ComponentProps, type ComponentType } from 'react';
import { versionKeptOnPhone } from './kept-on-phone.ts';
import { loadOnce } from './load-once.ts';

/** Draws nothing: what a part whose chunk could not be fetched shows by default. */
const Nothing = () => null;

/**
 * A component in a chunk of its own that a screen draws only on demand (a menu, a dialog), with a
 * `preload` to call once the screen is up: the chunk is then fetched while the student reads, so
 * opening it later needs no network (a phone that has since lost its connection included). Where
 * the service worker already keeps this version's files, the chunk is not fetched ahead: it comes
 * from the phone when opened, and the first seconds of the screen are spared its evaluation.
 *
 * When the chunk cannot be fetched (the connection went before the preload finished), the part
 * draws `fallback` instead of failing the whole screen, which would take the student's unsaved
 * changes with it; the next time it is drawn, the chunk is asked for again.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component's props
export function lazyPreloaded<T extends ComponentType<any>>(load: () => Promise<T>, fallback: ComponentType<ComponentProps<T>> = Nothing) {
  // A failed fetch is tried again by the next caller.
  const start = loadOnce(async () => ({ default: await load() }));
  const attempt = () =>
    lazy(() =>
      start().catch(() => {
        current = attempt();
        return { default: fallback as unknown as T };
      }),
    );
  let current = attempt();
  function Component(props: ComponentProps<T>) {
    // The attempt this mount began with: one that failed draws the fallback until unmounted.
    const [Part] = useState(() => current);
    return createElement(Part, props);
  }
  /** Fetches the chunk ahead unless this version's files are already on the phone; never fails. */
  const preload = async () => {
    if (!(await versionKeptOnPhone())) await start().catch(() => undefined);
  };
  return { Component, preload };
}
