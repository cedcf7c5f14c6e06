import { useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has painted it and been idle after it (or a
 * second has passed); `onIdle` runs then. What a screen can show a moment later waits for this,
 * so its script is not part of what the screen needs before a phone can use it.
 */
export function useIdle(onIdle?: () => void): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(
    () =>
      whenIdleAfterPaint(() => {
        setIdle(true);
        onIdle?.();
      }),
    // Once per screen: `onIdle` is read when the browser is first idle.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  return idle;
}

/** Runs `done` once the browser is idle (or a second has passed); returns what cancels it. */
export function whenIdle(done: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(done, { timeout: 1000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(done, 200);
  return () => clearTimeout(timer);
}

/**
 * Runs `done` once the browser has drawn its next frame and is idle after it (what the page holds
 * now has been painted); returns what cancels it. An idle moment alone may come before the paint
 * of what was just put on the page; so may one just after the next frame's callbacks, while that
 * frame is still being painted: the wait is for the frame after it, whose callbacks run once the
 * one before is on the screen.
 */
export function whenIdleAfterPaint(done: () => void): () => void {
  let cancelIdle: (() => void) | undefined;
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => (cancelIdle = whenIdle(done)));
  });
  return () => {
    cancelAnimationFrame(frame);
    cancelIdle?.();
  };
}
