import { useEffect, useRef } from 'react';

/**
 * Runs `run` once when the screen opens, even when React runs effects twice: for a call that must
 * not be made twice by itself, such as a whole-school export, which counts against the day's allowance.
 */
export function useOnArrival(run: () => void): void {
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    run();
  }, [run]);
}
