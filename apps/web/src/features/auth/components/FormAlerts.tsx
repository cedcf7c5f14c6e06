import Alert from '@mui/material/Alert';

/** Above a sign-in form (SPEC §2): the error in a red outlined alert, else a notice such as "your session has ended". */
export function FormAlerts({ error, notice }: { error: string | null; notice?: string }) {
  if (error) {
    return (
      <Alert severity="error" variant="outlined" role="alert">
        {error}
      </Alert>
    );
  }
  return notice ? <Alert severity="info">{notice}</Alert> : null;
}
