/**
 * The light kit's one spinner, named for screen readers by what it waits for: in the school's blue
 * where a screen's content will show (`centred` holds that place), white over the loading overlay,
 * and small in the autosave mark beside a field (the overlay and the mark set its colour and size).
 * Its look is in the first style sheet (light-controls.css), so every screen can show it before
 * any other sheet has loaded.
 */
export function LightSpinner({ label, centred = false }: { label: string; centred?: boolean }) {
  const spinner = <span className="light-spinner" role="progressbar" aria-label={label} />;
  return centred ? <div className="light-spinner-centred">{spinner}</div> : spinner;
}
