import type { ComponentType, ReactNode } from 'react';

/** Where the app is: the address's path, query and fragment, what the screen that sent her there handed on, and a key new at each move. */
export type Location = { pathname: string; search: string; hash: string; state: unknown; key: string };

/** A place in an address, as a test or a link names it. */
export type Address = Pick<Location, 'pathname' | 'search' | 'hash'>;

/**
 * One route of the table: a path (absolute, or relative to its parent's) or none (a layout around
 * its children), what it draws (an element, a component, or either fetched by `lazy` before the
 * route is entered), and the routes drawn in its `Outlet`. `HydrateFallback` shows while the first
 * route's parts are fetched; `errorElement` when they could not be, or its screen failed to draw.
 */
export type RouteObject = {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  Component?: ComponentType;
  lazy?: () => Promise<{ element?: ReactNode; Component?: ComponentType }>;
  children?: RouteObject[];
  HydrateFallback?: ComponentType;
  errorElement?: ReactNode;
};

/** The routes an address enters, from the outermost, and the values of its `:name` segments. */
export type RouteMatch = { routes: RouteObject[]; params: Record<string, string> };

/** Splits `address` into its path, query and fragment; an empty query ('?') is none. */
export function addressOf(address: string): Address {
  const hashAt = address.indexOf('#');
  const hash = hashAt >= 0 ? address.slice(hashAt) : '';
  const rest = hashAt >= 0 ? address.slice(0, hashAt) : address;
  const searchAt = rest.indexOf('?');
  const search = searchAt >= 0 ? rest.slice(searchAt) : '';
  return { pathname: (searchAt >= 0 ? rest.slice(0, searchAt) : rest) || '/', search: search === '?' ? '' : search, hash };
}

export const hrefOf = ({ pathname, search, hash }: Address) => `${pathname}${search}${hash}`;

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * The values of `pattern`'s `:name` segments in `pathname` ('/admin/students/:studentId/years'),
 * or null when it does not name that place. Words are matched in any case; a final `*` takes the
 * rest of the path.
 */
export const matchPath = (pattern: string, pathname: string) => matchSegments(segmentsOf(pattern), placeOf(pathname));

/** A path's segments as a pattern is matched against them: split once, each decoded. */
const placeOf = (pathname: string) => segmentsOf(pathname).map(decoded);

function matchSegments(wanted: string[], given: string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (const [at, segment] of wanted.entries()) {
    if (segment === '*') {
      params['*'] = given.slice(at).join('/');
      return params;
    }
    if (at >= given.length) return null;
    if (segment.startsWith(':')) params[segment.slice(1)] = given[at];
    else if (segment.toLowerCase() !== given[at].toLowerCase()) return null;
  }
  return wanted.length === given.length ? params : null;
}

/**
 * How closely a pattern names a place, so that the closest wins whatever the table's order: a word
 * counts more than a `:name`, which counts more than nothing; a `*` counts against; an index route
 * wins over its parent's own path.
 */
function rank(segments: string[], index: boolean): number {
  return segments.reduce((sum, segment) => sum + (segment === '*' ? -2 : segment.startsWith(':') ? 3 : 10), segments.length + (index ? 2 : 0));
}

/** One way into the table: its pattern split into segments once, how closely it names a place, and the routes it enters. */
type Branch = { segments: string[]; rank: number; routes: RouteObject[] };

function branchesOf(routes: RouteObject[], base: string, parents: RouteObject[]): Branch[] {
  return routes.flatMap((route) => {
    const pattern = route.path === undefined ? base : route.path.startsWith('/') ? route.path : `${base.replace(/\/$/, '')}/${route.path}`;
    const chain = [...parents, route];
    const segments = segmentsOf(pattern);
    const own = route.index || route.path !== undefined ? [{ segments, rank: rank(segments, Boolean(route.index)), routes: chain }] : [];
    // A child comes before its parent, so that of two that name a place alike the child wins.
    return [...branchesOf(route.children ?? [], pattern, chain), ...own];
  });
}

/** A route table's every way in, closest first (the sort keeps the table's order among equals). */
export function rankedBranches(routes: RouteObject[]): Branch[] {
  return branchesOf(routes, '', []).sort((a, b) => b.rank - a.rank);
}

/** The routes `pathname` enters, or none. */
export function matchRoutes(branches: Branch[], pathname: string): RouteMatch {
  const given = placeOf(pathname);
  for (const branch of branches) {
    const params = matchSegments(branch.segments, given);
    if (params) return { routes: branch.routes, params };
  }
  return { routes: [], params: {} };
}
