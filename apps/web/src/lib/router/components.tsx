import {
  Component,
  createContext,
  forwardRef,
  memo,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import type { Location, RouteObject } from './paths.ts';
import { createMemoryRouter, type BlockerFunction, type InitialEntry, type NavigateOptions, type Router, type RouterState } from './router.ts';

/**
 * The router itself, which never changes: what moves (`useNavigate`, `Link`) reads it alone, so a
 * link is not drawn again at every move. Where the app is, which changes at each move, is apart.
 */
const RouterContext = createContext<Router | null>(null);
const StateContext = createContext<RouterState | null>(null);
/** The depth of the route being drawn, and what its parent's `Outlet` handed it. */
const RouteContext = createContext<{ depth: number; handed: unknown }>({ depth: -1, handed: undefined });

function drawnInside<T>(value: T | null): T {
  if (value === null) throw new Error('This screen is drawn outside the router.');
  return value;
}
const useRouter = () => drawnInside(useContext(RouterContext));
const useRouterState = () => drawnInside(useContext(StateContext));

/** Draws the route table's routes at the router's place, each inside its parent's `Outlet`. */
export function RouterProvider({ router }: { router: Router }) {
  const state = useSyncExternalStore(router.subscribe, () => router.state);
  const Fallback = state.routes.find((route) => route.HydrateFallback)?.HydrateFallback;
  const failed = state.error ? [...state.routes].reverse().find((route) => route.errorElement) : undefined;
  return (
    <RouterContext.Provider value={router}>
      <StateContext.Provider value={state}>
        {!state.loaded ? Fallback ? <Fallback /> : null : failed ? failed.errorElement : <RouteAt depth={0} handed={undefined} />}
      </StateContext.Provider>
    </RouterContext.Provider>
  );
}

/** The route at `depth` of the matched ones, or nothing below the last. */
function RouteAt({ depth, handed }: { depth: number; handed: unknown }) {
  const router = useRouter();
  const state = useRouterState();
  const place = useMemo(() => ({ depth, handed }), [depth, handed]);
  const route = state.routes[depth];
  if (!route) return null;
  const drawn = (
    <RouteContext.Provider value={place}>
      <RouteElement route={route} parts={router.partsOf(route)} />
    </RouteContext.Provider>
  );
  return route.errorElement ? (
    <FailedScreen fallback={route.errorElement} place={state.location.key}>
      {drawn}
    </FailedScreen>
  ) : (
    drawn
  );
}

/** A route's screen, drawn again only when its parts change: a layout stays as its child moves. */
const RouteElement = memo(function RouteElement({ route, parts }: { route: RouteObject; parts: ReturnType<Router['partsOf']> }) {
  const Drawn = route.Component ?? parts?.Component;
  if (route.element !== undefined) return <>{route.element}</>;
  if (Drawn) return <Drawn />;
  if (parts?.element !== undefined) return <>{parts.element}</>;
  return <Outlet />;
});

/** A route's `errorElement` in place of a screen that failed to draw, until she moves elsewhere. */
class FailedScreen extends Component<{ fallback: ReactNode; place: string; children: ReactNode }, { failed: boolean; place: string }> {
  override state = { failed: false, place: this.props.place };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  static getDerivedStateFromProps(props: { place: string }, state: { place: string }) {
    return props.place === state.place ? null : { failed: false, place: props.place };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** Where the child route draws, handing it `context` (read with `useOutletContext`). */
export function Outlet({ context }: { context?: unknown }) {
  const { depth } = useContext(RouteContext);
  return <RouteAt depth={depth + 1} handed={context} />;
}

/** What the parent route's `Outlet` handed this one. */
export const useOutletContext = <T,>() => useContext(RouteContext).handed as T;

export const useLocation = (): Location => useRouterState().location;

/** The values of the route's `:name` segments in the address. */
export const useParams = (): Record<string, string | undefined> => useRouterState().params;

export const useNavigate = () => useRouter().navigate;

/** The address's query, and a move to the same place with another. */
export function useSearchParams(): [URLSearchParams, (next: URLSearchParams | Record<string, string>, options?: NavigateOptions) => void] {
  const router = useRouter();
  const { location } = useRouterState();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  return [params, (next, options) => void router.navigate(`?${new URLSearchParams(next).toString()}`, options)];
}

/**
 * Asks `shouldBlock` before every move while the screen shows; a move it holds back waits, with
 * the state 'blocked', for `proceed` (go on) or `reset` (stay).
 */
export function useBlocker(shouldBlock: BlockerFunction) {
  const router = useRouter();
  const { held } = useRouterState();
  const latest = useRef(shouldBlock);
  useLayoutEffect(() => {
    latest.current = shouldBlock;
  });
  useEffect(() => {
    router.block((move) => latest.current(move));
    return () => router.block(null);
  }, [router]);
  return held ? { state: 'blocked' as const, ...held } : { state: 'unblocked' as const, proceed: undefined, reset: undefined };
}

/** Moves to `to` once drawn: a screen that sends her elsewhere. */
export function Navigate({ to, replace, state }: { to: string; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace, state });
  }, [navigate, to, replace, state]);
  return null;
}

/** A plain press of the main button: not one that asks for a new tab or window. */
const plainPress = (event: MouseEvent<HTMLAnchorElement>) => event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; replace?: boolean; state?: unknown };

/**
 * A link to another screen of the app: a plain anchor whose plain press the router follows, the
 * others (a new tab, a new window) left to the browser. Every address in the app is absolute, so
 * there is nothing to work out at each render. MUI's buttons take it as their `component`.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, replace, state, onClick, ...anchor }, ref) {
  const navigate = useNavigate();
  return (
    <a
      {...anchor}
      ref={ref}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !plainPress(event) || anchor.target) return;
        event.preventDefault();
        void navigate(to, { replace, state });
      }}
    />
  );
});

const Children = createContext<ReactNode>(null);
const ChildrenHere = () => <>{useContext(Children)}</>;
const anywhere: RouteObject[] = [{ path: '*', element: <ChildrenHere /> }];

/** `children` drawn at any address of a router in memory: a test's screen that moves elsewhere. */
export function MemoryRouter({ initialEntries, children }: { initialEntries?: InitialEntry[]; children: ReactNode }) {
  const [router] = useState(() => createMemoryRouter(anywhere, { initialEntries }));
  return (
    <Children.Provider value={children}>
      <RouterProvider router={router} />
    </Children.Provider>
  );
}
