import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { ApiError } from '../../api/client.ts';

/** What a failed call says: the portal's own message when it answered, else `fallback`. */
export const failureText = (error: unknown, fallback: string): string => (error instanceof ApiError ? error.firstMessage : fallback);

/**
 * A staff screen's list that did not load: '{what} could not be loaded: …', with 'Try again'.
 * The light kit's counterpart is `components/light/load-failed.tsx`.
 */
export function LoadFailedAlert({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {what} could not be loaded: {failureText(error, 'the portal did not answer.')}
    </Alert>
  );
}
