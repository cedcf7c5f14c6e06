import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageTitle } from '../../components/page-title.tsx';

const REPORT_URL = '/api/registration-report/all';

/** `/admin/reports` (SPEC §2 Reports): the registration report for all classes, embedded. */
export default function RegistrationReportPage() {
  return (
    <>
      <PageTitle>Registration Report</PageTitle>
      <Paper sx={{ p: { xs: 1, sm: 2 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 1, alignItems: { sm: 'center' } }}>
          <Typography color="text.secondary" sx={{ flexGrow: 1 }}>
            A summary of the school, then each class with its students&apos; progress and the documents they still owe.
          </Typography>
          <Button href={REPORT_URL} target="_blank" rel="noopener">
            Open in a new tab
          </Button>
        </Stack>
        <iframe title="Registration report for all classes" src={REPORT_URL} style={{ border: 0, width: '100%', height: '75vh', display: 'block' }} />
      </Paper>
    </>
  );
}
