import { ApiError } from '../../api/client.ts';
import { LightAlert } from './light-alert.tsx';
import { LightButton } from './light-button.tsx';

/** The words for a failed call: the portal's own message when it answered, else the network's (unreachable, or too slow). */
export const failureMessage = (error: unknown, fallback: string): string => (error instanceof ApiError && error.isNetwork ? error.firstMessage : fallback);

/**
 * What a screen shows in place of what it could not load: what went wrong in kind words, and
 * 'Try again', which makes the call again. Drawn without MUI, so the session check can show it
 * before MUI has loaded.
 */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="light-stack light-load-failed">
      <LightAlert severity="error" variant="outlined">
        {message}
      </LightAlert>
      <div>
        <LightButton onClick={onRetry}>Try again</LightButton>
      </div>
    </div>
  );
}
