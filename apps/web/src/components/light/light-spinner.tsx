/**
 * The light kit's one spinner, named for screen readers by what it waits for: in the school's blue
 * where a screen's content will show (`centred` holds that place), white over the loading overlay,
 * and small beside a field being saved. Its look is in the first style sheet (light-controls.css),
 * so every screen can show it before any other sheet has loaded.
 */
export function LightSpinner({ label, small = false, centred = false }: { label: string; small?: boolean; centred?: boolean }) {
  const spinner = <span className={small ? 'light-spinner light-spinner-small' : 'light-spinner'} role="progressbar" aria-label={label} />;
  return centred ? <div className="light-spinner-centred">{spinner}</div> : spinner;
}
