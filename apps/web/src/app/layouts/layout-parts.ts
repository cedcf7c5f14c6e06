import { lazyPreloaded } from '../../lib/lazy-preloaded.ts';

// What only a tap opens (the account menu, the phone's drawer) or what comes after the screen
// (a handed-over message, the floating menu) loads in chunks of its own, so a screen's first
// download carries only what it shows. Each is plain elements and CSS, light on a phone.

/** The menu under her initials. */
export const AccountMenu = lazyPreloaded(async () => (await import('./account-menu.tsx')).AccountMenu);
/** The menu of a small screen. */
export const NavDrawer = lazyPreloaded(async () => (await import('./nav-drawer.tsx')).NavDrawer);
/** A message handed over by the previous screen. */
export const RouteSnackbar = lazyPreloaded(async () => (await import('./route-snackbar.tsx')).RouteSnackbar);
/** The floating menu of the other pages. */
export const FloatingMenu = lazyPreloaded(async () => (await import('./floating-menu.tsx')).FloatingMenu);

/**
 * Fetches every part once the screen is up, so a tap later needs no network: one after another,
 * so a phone evaluates each in a short task of its own rather than all of them in one long one.
 */
export async function preloadLayoutParts(): Promise<void> {
  for (const part of [FloatingMenu, AccountMenu, NavDrawer, RouteSnackbar]) await part.preload();
}
