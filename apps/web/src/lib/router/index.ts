// The app's router (decision 078): a route table, each screen's chunk fetched before it is entered,
// and what screens read of it, in a few kilobytes.
export * from './components.tsx';
export { matchPath, type Location, type RouteObject } from './paths.ts';
export { createBrowserRouter, createMemoryRouter, type Router } from './router.ts';
