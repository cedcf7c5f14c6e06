import { useCallback, useSyncExternalStore } from 'react';

/** Below MUI's `sm` breakpoint: the width of a phone held upright. */
const PHONE = '(max-width: 599.98px)';

/** Whether the window matches the media query, followed as the window turns or is resized (false where a test's document has no media queries). */
export function useMediaMatch(media: string): boolean {
  const query = (): MediaQueryList | undefined => window.matchMedia?.(media);
  const subscribe = useCallback(
    (onChange: () => void) => {
      const watched = window.matchMedia?.(media);
      watched?.addEventListener('change', onChange);
      return () => watched?.removeEventListener('change', onChange);
    },
    [media],
  );
  return useSyncExternalStore(subscribe, () => query()?.matches ?? false);
}

/** Whether the screen is a phone's width, followed as the window turns or is resized. */
export const usePhoneWidth = (): boolean => useMediaMatch(PHONE);
