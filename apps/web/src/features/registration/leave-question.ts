import { useEffect, useRef } from 'react';

/** What the wizard asks when she leaves it with a change still unsaved (decision 007). */
export const LEAVE_TITLE = 'Leave with unsaved changes?';
export const LEAVE_TEXT = 'Some of your changes have not been saved yet. If you leave now they may be lost.';

type Answer = { onStay: () => void; onLeave: () => void };

/**
 * The question asked by the browser itself, when the leave dialog's chunk could not be fetched
 * (the connection went before the wizard had it): she is still asked, never left blocked.
 */
export function AskLeaveByBrowser({ onStay, onLeave }: Answer) {
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    if (window.confirm(`${LEAVE_TITLE}\n\n${LEAVE_TEXT}`)) onLeave();
    else onStay();
  }, [onStay, onLeave]);
  return null;
}
