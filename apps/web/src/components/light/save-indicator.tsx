import { LightIcon } from './light-icon.tsx';
import { LightSpinner } from './light-spinner.tsx';

/** Where an autosaved value stands: being sent, stored, or refused / not sent. */
export type SaveStatus = 'saving' | 'saved' | 'error';

/**
 * The per-field autosave mark (SPEC §4): a small spinner while saving, then a check mark, or a
 * red alert icon when the save failed. Each state has a name for screen readers; with no status
 * it keeps its space so the field does not shift when saving starts.
 */
export function SaveIndicator({ status, label }: { status: SaveStatus | undefined; label: string }) {
  return (
    <span className="lf-save" data-save-status={status ?? 'idle'}>
      {status === 'saving' && <LightSpinner label={`Saving ${label}`} />}
      {status === 'saved' && <LightIcon name="checkCircle" className="lf-saved" title={`${label} saved`} />}
      {status === 'error' && <LightIcon name="errorOutline" className="lf-failed" title={`${label} not saved`} />}
    </span>
  );
}
