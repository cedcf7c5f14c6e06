import { useSyncExternalStore } from 'react';

/** Below MUI's `sm` breakpoint: the width of a phone held upright. */
const PHONE = '(max-width: 599.98px)';

/** The media query, where the browser has them (a test's document may not). */
const query = (): MediaQueryList | undefined => window.matchMedia?.(PHONE);

const subscribe = (onChange: () => void) => {
  const watched = query();
  watched?.addEventListener('change', onChange);
  return () => watched?.removeEventListener('change', onChange);
};

/** Whether the screen is a phone's width, followed as the window turns or is resized. */
export function usePhoneWidth(): boolean {
  return useSyncExternalStore(subscribe, () => query()?.matches ?? false);
}
