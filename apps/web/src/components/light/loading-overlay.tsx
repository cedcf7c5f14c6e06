import { LightSpinner } from './light-spinner.tsx';

/** Covers the screen while work is in progress (SPEC §2 common layout); plain, so every page can show it at once. */
export function LoadingOverlay({ open, label = 'Loading' }: { open: boolean; label?: string }) {
  if (!open) return null;
  return (
    <div className="light-overlay">
      <LightSpinner label={label} />
    </div>
  );
}
