import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { messages } from '@school/contract/messages';
import { useState } from 'react';
import { ApiError } from '../../api/client.ts';
import type { PdfFile } from '../../api/fetch-pdf.ts';
import { IsoDateField, UNFINISHED_DATE } from './iso-date-field.tsx';
import { MuiTheme } from './mui-theme.tsx';
import { PdfDialog } from './pdf-dialog.tsx';
import { getAttendanceReport } from '../../api/get-attendance-report.ts';

/** A whole date, not empty or typed in part. */
const chosen = (day: string) => day !== '' && day !== UNFINISHED_DATE;

/**
 * 'Generate Report' (SPEC §2): a start and an end date, Cancel and 'Display Report', which shows
 * the report PDF in the portal's viewer with a Close button. An end before the start is refused as
 * it is chosen; a range the server refuses (over a year) is explained in the dialog.
 */
export function ReportDialog({ studentId, from, to, onClose }: { studentId: string; from: string | null; to: string; onClose: () => void }) {
  const [start, setStart] = useState(from ?? '');
  const [end, setEnd] = useState(to);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [pdf, setPdf] = useState<{ file: PdfFile; title: string } | null>(null);

  // A range that runs backwards is told at once, under the end date, and cannot be displayed.
  const backwards = chosen(start) && chosen(end) && end < start;

  async function display() {
    if (!chosen(start) || !chosen(end)) return setError('Choose a start date and an end date.');
    if (backwards) return;
    const range = [start, end] as const;
    setBusy(true);
    setError(null);
    try {
      const file = await getAttendanceReport(studentId, ...range);
      setPdf({ file, title: `Attendance Report ${range[0]} to ${range[1]}` });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : messages.reportNotMade);
    } finally {
      setBusy(false);
    }
  }

  // Inside MUI's theme, which the light attendance screen does not carry.
  if (pdf)
    return (
      <MuiTheme>
        <PdfDialog title={pdf.title} source={pdf.file} onClose={onClose} />
      </MuiTheme>
    );
  return (
    <MuiTheme>
      <Dialog open onClose={onClose} aria-labelledby="report-dialog-title" fullWidth maxWidth="xs">
        <DialogTitle id="report-dialog-title">Attendance Report</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <IsoDateField label="Start Date" size="medium" value={start} onChange={setStart} />
            <IsoDateField
              label="End Date"
              size="medium"
              value={end}
              onChange={setEnd}
              min={chosen(start) ? start : undefined}
              error={backwards}
              helperText={backwards ? messages.endBeforeStart : undefined}
            />
          </Stack>
          {error && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="contained" onClick={() => void display()} disabled={busy || backwards}>
            Display Report
          </Button>
        </DialogActions>
      </Dialog>
    </MuiTheme>
  );
}
