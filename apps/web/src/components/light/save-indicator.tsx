import { LightIcon } from './light-icon.tsx';
import { LightSpinner } from './light-spinner.tsx';

/** Where an autosaved value stands: being sent, stored, kept on the device until she is online again, or refused. */
export type SaveStatus = 'saving' | 'saved' | 'kept' | 'error';

/** What the mark of a change kept on the device says: it is not lost, and not an error. */
export const keptOnDevice = (label: string) => `${label}: kept on this device, will be saved when you are online`;

/** The words under a field whose change is kept on the device: a tooltip alone is never seen on a phone. */
export const KEPT_ON_DEVICE = 'Kept on this device — will be saved when you are online.';

/**
 * The per-field autosave mark (SPEC §4): a small spinner while saving, then a check mark, or a
 * red alert icon when the save failed. A change kept on the device while she is offline has a
 * clock of its own, never the red mark (the banner says the same). Each state has a name for
 * screen readers; with no status it keeps its space so the field does not shift when saving starts.
 */
export function SaveIndicator({ status, label }: { status: SaveStatus | undefined; label: string }) {
  return (
    <span className="lf-save" data-save-status={status ?? 'idle'}>
      {status === 'saving' && <LightSpinner label={`Saving ${label}`} />}
      {status === 'saved' && <LightIcon name="checkCircle" className="lf-saved" title={`${label} saved`} />}
      {status === 'kept' && <LightIcon name="schedule" className="lf-kept" title={keptOnDevice(label)} />}
      {status === 'error' && <LightIcon name="errorOutline" className="lf-failed" title={`${label} not saved`} />}
    </span>
  );
}
