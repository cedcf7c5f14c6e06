// The questions the wizard asks before something may be lost: leaving with a change unsaved
// (decision 007), and removing a document.
import { useEffect, useRef } from 'react';

/** What the wizard asks when she leaves it with a change still unsaved (decision 007). */
export const LEAVE_TITLE = 'Leave with unsaved changes?';
export const LEAVE_TEXT = 'Some of your changes have not been saved yet. If you leave now they may be lost.';

/** What the Documents step asks before an uploaded document is deleted. */
export const removeTitle = (document: string) => `Remove ${document}?`;
export const removeText = (fileName: string | undefined) => `The file ${fileName ?? ''} will be deleted.`;

/**
 * A question asked by the browser itself, once, when its dialog's chunk could not be fetched (the
 * connection went before the wizard had it): she is still asked, never left without an answer.
 */
function useAskedByBrowser(question: string, onYes: () => void, onNo: () => void): null {
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    if (window.confirm(question)) onYes();
    else onNo();
  }, [question, onYes, onNo]);
  return null;
}

/** The leave question (decision 007), asked by the browser. */
export function AskLeaveByBrowser({ onStay, onLeave }: { onStay: () => void; onLeave: () => void }) {
  return useAskedByBrowser(`${LEAVE_TITLE}\n\n${LEAVE_TEXT}`, onLeave, onStay);
}

/** The remove question, asked by the browser. */
export function AskRemoveByBrowser({
  title,
  fileName,
  onRemove,
  onCancel,
}: {
  title: string;
  fileName: string | undefined;
  onRemove: () => void;
  onCancel: () => void;
}) {
  return useAskedByBrowser(`${removeTitle(title)}\n\n${removeText(fileName)}`, onRemove, onCancel);
}
