import type { ReactNode } from 'react';

type LightAlertSeverity = 'error' | 'info' | 'success';

/** The mark inside the alert's circle: a check for good news, else an exclamation or an 'i'. */
function Mark({ severity }: { severity: LightAlertSeverity }) {
  if (severity === 'success') return <path d="M8 12.5l2.7 2.7L16.5 9.4" fill="none" stroke="currentColor" strokeWidth="2" />;
  const error = severity === 'error';
  return (
    <>
      <rect x="11" y={error ? 7 : 11} width="2" height="6" />
      <rect x="11" y={error ? 15 : 7} width="2" height="2" />
    </>
  );
}

/**
 * A message above a form: an error in a red outline (SPEC §2), announced at once; a notice on a
 * light blue ground or good news on a light green one (with its `title` in bold), read out politely.
 */
export function LightAlert({ severity, title, children }: { severity: LightAlertSeverity; title?: string; children: ReactNode }) {
  return (
    <div className={`light-alert light-alert-${severity}`} role={severity === 'error' ? 'alert' : 'status'}>
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
        <Mark severity={severity} />
      </svg>
      <p>
        {title && <strong className="light-alert-title">{title}</strong>}
        {children}
      </p>
    </div>
  );
}
