import type { ReactNode } from 'react';

/**
 * A message above a form: an error in a red outline (SPEC §2), announced at once; or a notice on a
 * light blue ground, read out politely.
 */
export function LightAlert({ severity, children }: { severity: 'error' | 'info'; children: ReactNode }) {
  const error = severity === 'error';
  return (
    <div className={`light-alert light-alert-${severity}`} role={error ? 'alert' : 'status'}>
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
        <rect x="11" y={error ? 7 : 11} width="2" height="6" />
        <rect x="11" y={error ? 15 : 7} width="2" height="2" />
      </svg>
      <p>{children}</p>
    </div>
  );
}
