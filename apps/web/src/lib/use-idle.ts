import { useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has been idle after it (or a second has passed);
 * `onIdle` runs then. What a screen can show a moment later waits for this, so its script is not
 * part of what the screen needs before a phone can use it.
 */
export function useIdle(onIdle?: () => void): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const done = () => {
      setIdle(true);
      onIdle?.();
    };
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(done, { timeout: 1000 });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(done, 200);
    return () => clearTimeout(timer);
    // Once per screen: `onIdle` is read when the browser is first idle.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return idle;
}
