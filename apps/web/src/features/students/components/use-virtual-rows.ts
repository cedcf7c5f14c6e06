import { useLayoutEffect, useRef, useState, type UIEvent } from 'react';

/** Every row's height in pixels, fixed so that the rows in view follow from the scroll position alone. */
export const ROW_HEIGHT = 36;
/** A row's height as a phone draws it, a card of three lines of labelled values (`students-table-style.ts`): fixed too. */
export const CARD_HEIGHT = 124;
/** Rows drawn above and below those in view, so that scrolling or tabbing a little finds them drawn. */
const OVERSCAN = 2;

/**
 * Which of a page's `count` rows, each `rowHeight` high, to draw, in order: those in the scroller's view, a few around
 * them, and `held` (the row holding the focus), so that scrolling away never takes the focus
 * with it. A search key then draws some twenty rows whatever the page's size, where drawing a
 * page of 100 took a slow machine over 100 ms.
 */
export function useVirtualRows(count: number, held: number, rowHeight = ROW_HEIGHT) {
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 20 * ROW_HEIGHT });
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => setView((current) => (current.height === element.clientHeight ? current : { ...current, height: element.clientHeight }));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const top = event.currentTarget.scrollTop;
    setView((current) => (current.top === top ? current : { ...current, top }));
  };
  const first = Math.max(0, Math.min(count, Math.floor(view.top / rowHeight) - OVERSCAN));
  const last = Math.min(count, Math.ceil((view.top + view.height) / rowHeight) + OVERSCAN);
  const drawn = Array.from({ length: Math.max(0, last - first) }, (_, offset) => first + offset);
  if (held >= 0 && held < first) drawn.unshift(held);
  if (held >= last && held < count) drawn.push(held);
  return { scroller, onScroll, drawn };
}
