import './light-screens.css';

/** A spinner where a screen's content will show, named for screen readers by what it waits for. */
export function LightProgress({ label, centred = false }: { label: string; centred?: boolean }) {
  const spinner = <span className="light-progress" role="progressbar" aria-label={label} />;
  return centred ? <div className="light-progress-centred">{spinner}</div> : spinner;
}
