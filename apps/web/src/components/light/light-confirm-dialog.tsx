import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import './light-form-controls.css';

/**
 * A question asked before something may be lost (leaving the wizard with a change unsaved,
 * removing a document), in the light kit: the browser's own modal dialog, opened with `showModal`,
 * which keeps the keyboard inside it, puts the focus on its first button (the safe answer), answers
 * Escape as that answer and gives the focus back to what had it. Drawn with its screen, it needs
 * no chunk of its own and no library (issue 54: MUI's dialog cost a phone's first seconds).
 */
export function LightConfirmDialog({
  title,
  children,
  cancelLabel,
  confirmLabel,
  confirmContained = false,
  onCancel,
  onConfirm,
}: {
  title: string;
  children: ReactNode;
  /** The safe answer, first and focused. */
  cancelLabel: string;
  /** The answer that loses something, in the error colour. */
  confirmLabel: string;
  /** The confirming answer filled rather than plain text. */
  confirmContained?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useLayoutEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    // Closed before it leaves the page, so that the browser gives the focus back.
    return () => element?.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="light-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId} className="light-dialog-title">
        {title}
      </h2>
      <p className="light-dialog-text">{children}</p>
      <div className="light-dialog-actions">
        <button type="button" className="lf-button lf-text" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" className={confirmContained ? 'lf-button lf-contained lf-danger-contained' : 'lf-button lf-text lf-danger'} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
