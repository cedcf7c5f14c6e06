import AssessmentIcon from '@mui/icons-material/Assessment';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LazyPdfDialog } from '../../../components/lazy-pdf-dialog.tsx';
import { failureMessage, LoadFailed } from '../../../components/load-failed.tsx';
import { reportCardUrl, useReportCardTerms, type ReportCardTerm } from '../api/get-report-card-terms.ts';
import { postedAt, termLabel } from '../term-labels.ts';

/**
 * 'Select Term Report' (SPEC §2): one card per term, 'Form {form_level} {class_id}', 'End of Term
 * Report', the term, and whether it is posted. Selecting one opens its report card full screen.
 * Terms not posted are greyed and disabled for students; an admin (`admin`) opens them too, so
 * for her they look openable and carry a 'Not posted' chip (SPEC §2).
 */
export function TermReportList({ studentId, admin = false, title = 'Select Term Report' }: { studentId: string; admin?: boolean; title?: string }) {
  const { data, isPending, error, refetch } = useReportCardTerms(studentId);
  const [open, setOpen] = useState<ReportCardTerm | null>(null);

  return (
    <Box>
      <Typography variant="h1" sx={{ mb: 2, fontSize: { xs: '1.4rem', sm: '1.8rem' } }}>
        {title}
      </Typography>
      {isPending && <CircularProgress aria-label="Loading the term reports" />}
      {error && <LoadFailed message={failureMessage(error, 'The term reports could not be loaded just now.')} onRetry={() => void refetch()} />}
      {data && data.length === 0 && (
        <Alert severity="info" role="status">
          {admin ? 'This student has no term reports yet.' : 'You have no term reports yet. They will appear here once the school posts them.'}
        </Alert>
      )}
      <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: { xs: 10, sm: 0 }, maxWidth: 640 }} aria-label="Term reports">
        {data?.map((item) => {
          const enabled = item.posted === 1 || admin;
          // Greyed only where it cannot be opened: an admin's unposted report looks openable, with a chip.
          const greyed = !enabled;
          const label = termLabel(item.year, item.term);
          return (
            <Box component="li" key={`${item.year}-${item.term}`}>
              <Card
                variant="outlined"
                data-greyed={greyed || undefined}
                sx={{ opacity: greyed ? 0.75 : 1, bgcolor: greyed ? 'action.hover' : 'background.paper' }}
              >
                <CardActionArea
                  disabled={!enabled}
                  onClick={() => setOpen(item)}
                  aria-label={`End of Term Report, ${label}${item.posted === 1 ? '' : ', not posted'}`}
                >
                  <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
                    <AssessmentIcon color={greyed ? 'disabled' : 'primary'} sx={{ mt: 0.5 }} />
                    <Box sx={{ flexGrow: 1 }}>
                      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
                        <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
                          Form {item.form_level} {item.class_id}
                        </Typography>
                        {admin && item.posted !== 1 && <Chip label="Not posted" variant="outlined" size="small" />}
                      </Box>
                      <Typography>End of Term Report</Typography>
                      <Typography color="text.secondary">{label}</Typography>
                      <Typography variant="body2" sx={{ mt: 1, fontWeight: 600 }} color={item.posted === 1 ? 'primary' : 'text.secondary'}>
                        {item.posted === 1 ? `Report posted ${postedAt(item.date_posted)}` : 'Report not posted'}
                      </Typography>
                    </Box>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Box>
          );
        })}
      </Stack>
      {open && (
        <LazyPdfDialog
          fullScreen
          title={`End of Term Report – ${termLabel(open.year, open.term)}`}
          source={reportCardUrl(studentId, open.year, open.term)}
          onClose={() => setOpen(null)}
        />
      )}
    </Box>
  );
}
