import { useEffect, useRef, type KeyboardEvent } from 'react';

/** The items of a menu, in order. */
const menuItems = (menu: HTMLElement): HTMLElement[] => [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')];

/** Focuses a menu's first item (as a menu opened from a button does). */
export const focusFirstItem = (menu: HTMLElement) => menuItems(menu)[0]?.focus();

/**
 * Moves the focus among a menu's items as the arrow keys ask (Arrow Down/Up to the next/previous
 * one, round at the ends; Home and End to the first and last). From outside the items (the button
 * that opened them) Arrow Down goes to the first, Arrow Up to the last. Whether it took the key.
 */
export function moveAmongItems(event: KeyboardEvent, menu: HTMLElement): boolean {
  const items = menuItems(menu);
  const at = items.indexOf(document.activeElement as HTMLElement);
  const last = items.length - 1;
  const next: Record<string, number> = {
    ArrowDown: at < 0 || at === last ? 0 : at + 1,
    ArrowUp: at <= 0 ? last : at - 1,
    Home: 0,
    End: last,
  };
  const target = items[next[event.key] ?? -1];
  if (!target) return false;
  event.preventDefault();
  target.focus();
  return true;
}

/** While `open`, remembers where the focus was, and gives it back there once closed (or gone). */
export function useFocusReturn(open: boolean) {
  const before = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (!open) return;
    before.current = document.activeElement as HTMLElement | null;
    return () => before.current?.focus();
  }, [open]);
}
