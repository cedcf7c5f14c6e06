import { PlainAlert } from '../../../components/plain/plain-alert.tsx';

/** Above a sign-in form (SPEC §2): the error in a red outlined alert, else a notice such as "your session has ended". */
export function FormAlerts({ error, notice }: { error: string | null; notice?: string }) {
  if (error) return <PlainAlert severity="error">{error}</PlainAlert>;
  return notice ? <PlainAlert severity="info">{notice}</PlainAlert> : null;
}
