import { browserHistory, freshLocation, memoryHistory, type History } from './history.ts';
import { addressOf, hrefOf, matchRoutes, rankedBranches, type Address, type Location, type RouteObject } from './paths.ts';

/**
 * A route's parts fetched by its `lazy` (the screen's chunk), kept once fetched. A route's
 * `element`, or its `Component`, or those fetched, in that order, is what it draws.
 */
export type LoadedParts = Awaited<ReturnType<NonNullable<RouteObject['lazy']>>>;

/** Asked before each move: true keeps her where she is until she says whether to go on. */
export type BlockerFunction = (move: { currentLocation: Location; nextLocation: Location }) => boolean;

/**
 * What the app shows: where it is, the routes that place enters and their `:name` values, whether
 * their parts have come (`loaded`; false only while the first place's parts are fetched), what
 * stopped them (`error`), and a move held back by a blocker until she says go on or stay.
 */
export type RouterState = {
  location: Location;
  routes: RouteObject[];
  params: Record<string, string>;
  loaded: boolean;
  error: unknown;
  held: { proceed: () => void; reset: () => void } | null;
};

export type NavigateOptions = { replace?: boolean; state?: unknown };

export type Router = {
  readonly state: RouterState;
  subscribe(listener: (state: RouterState) => void): () => void;
  /**
   * Moves to `to` (an absolute path, or a query on the current one: '?page=2'), or `to` places
   * along the history (-1 is back). Settles once the new place's parts have come and it shows.
   */
  navigate(to: string | number, options?: NavigateOptions): Promise<void>;
  createHref(address: Address): string;
  /** Sets the one blocker asked before every move, or none. */
  block(blocker: BlockerFunction | null): void;
  /** A route's fetched parts, once they have come. */
  partsOf(route: RouteObject): LoadedParts | undefined;
};

/**
 * The app's router, on `history`: an address enters its routes once their `lazy` parts (each
 * screen's chunk) have come, so the screen she leaves stays until the next can show. The newest
 * move wins: one overtaken while its parts were fetched is dropped.
 */
function createRouter(routes: RouteObject[], history: History): Router {
  const branches = rankedBranches(routes);
  const parts = new WeakMap<RouteObject, LoadedParts>();
  const fetching = new WeakMap<RouteObject, Promise<void>>();
  const listeners = new Set<(state: RouterState) => void>();
  let blocker: BlockerFunction | null = null;
  let latest = 0;
  /** The revert of a move the blocker held back, which the back button's listener lets pass unasked. */
  let reverting = false;
  /** A press of the back or forward button she chose to go on with, made again: the blocker lets it pass once. */
  let letThrough = false;

  const first = matchRoutes(branches, history.location.pathname);
  let state: RouterState = { location: history.location, ...first, loaded: false, error: null, held: null };
  const set = (change: Partial<RouterState>) => {
    state = { ...state, ...change };
    for (const listener of listeners) listener(state);
  };

  const fetchParts = (route: RouteObject): Promise<void> | undefined => {
    if (!route.lazy || parts.has(route)) return undefined;
    let pending = fetching.get(route);
    if (!pending) {
      pending = route.lazy().then((loaded) => void parts.set(route, loaded));
      // A chunk that could not be fetched is asked for again at the next visit.
      pending.catch(() => fetching.delete(route));
      fetching.set(route, pending);
    }
    return pending;
  };

  /**
   * Enters `location` once its routes' parts have come (at once when they have); `commit` writes
   * it to the history then, unless a newer move overtook it.
   */
  function enter(location: Location, commit?: () => void, matched = matchRoutes(branches, location.pathname)): Promise<void> {
    const move = ++latest;
    const arrive = (error: unknown) => {
      if (move !== latest) return;
      commit?.();
      set({ location, ...matched, loaded: true, error, held: null });
    };
    const pending = matched.routes.map(fetchParts).filter((fetch) => fetch !== undefined);
    if (pending.length === 0) return Promise.resolve(arrive(null));
    return Promise.all(pending).then(() => arrive(null), arrive);
  }

  const blocks = (nextLocation: Location) => blocker !== null && blocker({ currentLocation: state.location, nextLocation });

  const hold = (goOn: () => void) =>
    set({
      held: {
        proceed: () => {
          set({ held: null });
          goOn();
        },
        reset: () => set({ held: null }),
      },
    });

  async function navigate(to: string | number, { replace = false, state: handed = null }: NavigateOptions = {}) {
    if (typeof to === 'number') return history.go(to);
    const address = addressOf(to.startsWith('?') || to.startsWith('#') ? `${state.location.pathname}${to}` : to);
    const next = freshLocation({ ...address, state: handed });
    const go = () => enter(next, () => (replace ? history.replace(next) : history.push(next)));
    if (blocks(next)) return hold(() => void go());
    return go();
  }

  // The back and forward buttons: the address has already changed; a held move is undone at once
  // and made again if she goes on.
  history.listen((location, delta) => {
    if (reverting) {
      reverting = false;
      return;
    }
    const asked = !letThrough;
    letThrough = false;
    // A pop that moved no step (delta 0) cannot be undone by going back 0 steps: that would reload the page.
    if (asked && delta !== 0 && blocks(location)) {
      reverting = true;
      history.go(-delta);
      hold(() => {
        letThrough = true;
        history.go(delta);
      });
      return;
    }
    void enter(location);
  });
  void enter(state.location, undefined, first);

  return {
    get state() {
      return state;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    navigate,
    createHref: hrefOf,
    block(next) {
      blocker = next;
    },
    partsOf: (route) => parts.get(route),
  };
}

export const createBrowserRouter = (routes: RouteObject[]) => createRouter(routes, browserHistory());

/** A place a test starts at: an address, or one with the state a screen handed on. */
export type InitialEntry = string | (Partial<Address> & { state?: unknown });

/** A router in memory, at the last of `initialEntries` ('/' when none): the tests' app. */
export function createMemoryRouter(routes: RouteObject[], { initialEntries = ['/'] }: { initialEntries?: InitialEntry[] } = {}) {
  const entries = initialEntries.map((entry) =>
    typeof entry === 'string'
      ? freshLocation({ ...addressOf(entry), state: null })
      : freshLocation({ pathname: entry.pathname ?? '/', search: entry.search ?? '', hash: entry.hash ?? '', state: entry.state ?? null }),
  );
  return createRouter(routes, memoryHistory(entries));
}
