import { describe, expect, it } from 'vitest';
import { addressOf, matchPath, matchRoutes, rankedBranches, type RouteObject } from '../../../src/lib/router/paths.ts';

describe('an address', () => {
  it('is split into its path, query and fragment', () => {
    expect(addressOf('/admin/audit?from=2026-03-01#top')).toEqual({ pathname: '/admin/audit', search: '?from=2026-03-01', hash: '#top' });
    expect(addressOf('/dashboard')).toEqual({ pathname: '/dashboard', search: '', hash: '' });
  });

  it('has no query when it is only a question mark, and the root when it has no path', () => {
    expect(addressOf('/admin/audit?')).toEqual({ pathname: '/admin/audit', search: '', hash: '' });
    expect(addressOf('?page=2').pathname).toBe('/');
  });
});

describe('a path pattern', () => {
  it('gives the values of its :name segments, decoded, for a place it names', () => {
    expect(matchPath('/admin/students/:studentId/years', '/admin/students/2024%2F7/years')).toEqual({ studentId: '2024/7' });
    expect(matchPath('/family/:studentId', '/family/20240017/')).toEqual({ studentId: '20240017' });
  });

  it('matches its words in any case, and the whole path only', () => {
    expect(matchPath('/admin/dashboard', '/Admin/Dashboard')).toEqual({});
    expect(matchPath('/admin', '/admin/dashboard')).toBeNull();
    expect(matchPath('/admin/dashboard', '/admin')).toBeNull();
    expect(matchPath('/family/:studentId', '/family')).toBeNull();
  });

  it('takes the rest of the path with a final star', () => {
    expect(matchPath('*', '/no/such/screen')).toEqual({ '*': 'no/such/screen' });
    expect(matchPath('*', '/')).toEqual({ '*': '' });
  });

  it('leaves a segment that cannot be decoded as it came', () => {
    expect(matchPath('/family/:studentId', '/family/100%')).toEqual({ studentId: '100%' });
  });
});

describe('a route table', () => {
  const page = (name: string): RouteObject => ({ element: name });
  const layout: RouteObject = { element: 'layout', children: [] };
  const family: RouteObject = { path: '/family/:studentId', ...page('daughter') };
  const add: RouteObject = { path: '/family/add', ...page('add') };
  const notFound: RouteObject = { path: '*', ...page('not found') };
  const steps: RouteObject = { index: true, ...page('first step') };
  const step: RouteObject = { path: 'family-data', ...page('step') };
  const wizard: RouteObject = { element: 'wizard', children: [steps, step] };
  const registration: RouteObject = { path: '/registration', children: [wizard] };
  layout.children = [notFound, family, add, registration];
  const branches = rankedBranches([layout]);

  it('enters the closest route whatever the order: a word before a :name, a :name before a star', () => {
    expect(matchRoutes(branches, '/family/add')).toEqual({ routes: [layout, add], params: {} });
    expect(matchRoutes(branches, '/family/20240017')).toEqual({ routes: [layout, family], params: { studentId: '20240017' } });
    expect(matchRoutes(branches, '/elsewhere')).toEqual({ routes: [layout, notFound], params: { '*': 'elsewhere' } });
  });

  it("joins a child's relative path to its parent's, through a layout without a path", () => {
    expect(matchRoutes(branches, '/registration/family-data').routes).toEqual([layout, registration, wizard, step]);
  });

  it("enters the index route at its parent's own path", () => {
    expect(matchRoutes(branches, '/registration').routes).toEqual([layout, registration, wizard, steps]);
  });

  it('enters none where no route names the place', () => {
    expect(matchRoutes(rankedBranches([add]), '/family')).toEqual({ routes: [], params: {} });
  });
});
