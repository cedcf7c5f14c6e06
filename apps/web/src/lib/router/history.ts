import { hrefOf, type Location } from './paths.ts';

/**
 * The list of places the back and forward buttons move along: the browser's own, or one kept in
 * memory for the tests. `listen` hears moves made by those buttons (or `go`), with how many places
 * back (< 0) or forward (> 0) they went; `push` and `replace` are not heard, the router makes them.
 */
export type History = {
  readonly location: Location;
  push(location: Location): void;
  replace(location: Location): void;
  go(delta: number): void;
  listen(listener: (location: Location, delta: number) => void): () => void;
};

const newKey = () => Math.random().toString(36).slice(2, 10);

/** A place made new: its own key. */
export const freshLocation = (location: Omit<Location, 'key'>): Location => ({ ...location, key: newKey() });

/** What the browser keeps with each entry: the app's state, the place's key, and its index in the list. */
type Entry = { usr: unknown; key: string; idx: number };

/** The browser's history. The place the page was opened on has the key 'default'. */
export function browserHistory(): History {
  const entryOf = () => (window.history.state ?? {}) as Partial<Entry>;
  let index = entryOf().idx ?? 0;
  if (entryOf().idx === undefined) window.history.replaceState({ ...entryOf(), idx: index }, '');
  const read = (key: string): Location => {
    const { pathname, search, hash } = window.location;
    return { pathname, search, hash, state: entryOf().usr ?? null, key };
  };
  let location = read('default');
  const write = (next: Location, at: number): Entry => ({ usr: next.state, key: next.key, idx: at });
  return {
    get location() {
      return location;
    },
    push(next) {
      index += 1;
      window.history.pushState(write(next, index), '', hrefOf(next));
      location = next;
    },
    replace(next) {
      window.history.replaceState(write(next, index), '', hrefOf(next));
      location = next;
    },
    go: (delta) => window.history.go(delta),
    listen(listener) {
      const moved = () => {
        const entry = entryOf();
        const at = entry.idx ?? index;
        const delta = at - index;
        index = at;
        location = read(entry.key ?? newKey());
        listener(location, delta);
      };
      window.addEventListener('popstate', moved);
      return () => window.removeEventListener('popstate', moved);
    },
  };
}

/** A history in memory, starting at the last of `entries`: the tests' browser. */
export function memoryHistory(entries: Location[]): History {
  const places = entries.length > 0 ? [...entries] : [freshLocation({ pathname: '/', search: '', hash: '', state: null })];
  places[0] = { ...places[0], key: 'default' };
  let index = places.length - 1;
  const listeners = new Set<(location: Location, delta: number) => void>();
  return {
    get location() {
      return places[index];
    },
    push(next) {
      index += 1;
      places.splice(index, places.length, next);
    },
    replace(next) {
      places[index] = next;
    },
    go(delta) {
      const at = Math.min(Math.max(index + delta, 0), places.length - 1);
      if (at === index) return;
      const moved = at - index;
      index = at;
      for (const listener of listeners) listener(places[index], moved);
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
