import { useEffect, useState } from 'react';
import { whenIdleAfterPaint } from './use-idle.ts';

/**
 * How many of a screen's `count` parts to draw: `first` at once, then one more in each task of its
 * own once the first have been painted, and from then on all of them, however many there come to
 * be. A cheap phone then draws the top of the screen first and the rest in short turns that leave
 * it free to answer a tap, instead of one long task (the renderer does not split a render itself).
 */
export function useDrawnInTurns(count: number, first: number): number {
  const [drawn, setDrawn] = useState(() => (first >= count ? Number.POSITIVE_INFINITY : first));
  useEffect(() => {
    if (drawn === Number.POSITIVE_INFINITY) return;
    const next = () => setDrawn((before) => (before + 1 >= count ? Number.POSITIVE_INFINITY : before + 1));
    if (drawn === first) return whenIdleAfterPaint(next);
    const timer = setTimeout(next, 0);
    return () => clearTimeout(timer);
  }, [drawn, first, count]);
  return drawn;
}
