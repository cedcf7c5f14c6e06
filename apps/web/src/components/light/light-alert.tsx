import type { ReactNode, Ref } from 'react';

/** How the news is: done, for information, a warning, a failure. */
export type LightAlertSeverity = 'success' | 'info' | 'warning' | 'error';

/** Material's alert icons (the light icons draw the same shapes under their own names). */
export const alertIconPaths: Record<LightAlertSeverity, string> = {
  success:
    'M20 12c0 4.41-3.59 8-8 8s-8-3.59-8-8 3.59-8 8-8c.76 0 1.5.11 2.2.31l1.57-1.57A9.8 9.8 0 0 0 12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10zM7.91 10.08 6.5 11.5 11 16 21 6l-1.41-1.42L11 13.17z',
  info: 'M11 7h2v2h-2zm0 4h2v6h-2zm1-9C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8',
  warning: 'M12 5.99 19.53 19H4.47zM12 2 1 21h22zM13 16h-2v2h2zm0-6h-2v5h2z',
  error:
    'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2M12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8',
};

/**
 * A notice, as MUI's standard alert: done (green), for information (blue), a warning (orange), a
 * failure (red), or `outlined`, a failure in a red outline above a sign-in form (SPEC §2). A
 * failure is announced at once, other news politely, unless `role` says otherwise; a `title` shows
 * in bold above the text. It needs no style sheet but the first one (light-controls.css), so the
 * sign-in screens can show it.
 */
export function LightAlert({
  severity,
  variant = 'standard',
  role = severity === 'error' ? 'alert' : 'status',
  title,
  focusRef,
  className,
  children,
}: {
  severity: LightAlertSeverity;
  variant?: 'standard' | 'outlined';
  role?: 'alert' | 'status';
  title?: string;
  /** Takes focus when the notice replaces the button she pressed. */
  focusRef?: Ref<HTMLDivElement>;
  className?: string;
  children: ReactNode;
}) {
  const classes = ['light-alert', `light-alert-${severity}`, variant === 'outlined' && 'light-alert-outlined', className].filter(Boolean).join(' ');
  return (
    <div ref={focusRef} tabIndex={focusRef ? -1 : undefined} role={role} className={classes}>
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={alertIconPaths[severity]} />
      </svg>
      <div>
        {title && <strong className="light-alert-title">{title}</strong>}
        {children}
      </div>
    </div>
  );
}
