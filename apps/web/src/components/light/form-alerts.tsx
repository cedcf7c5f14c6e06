import { LightAlert } from './light-alert.tsx';

/** Above a sign-in form (SPEC §2): the error in a red outlined alert, else a notice such as "your session has ended". */
export function FormAlerts({ error, notice }: { error: string | null; notice?: string }) {
  if (error)
    return (
      <LightAlert severity="error" variant="outlined">
        {error}
      </LightAlert>
    );
  return notice ? <LightAlert severity="info">{notice}</LightAlert> : null;
}
