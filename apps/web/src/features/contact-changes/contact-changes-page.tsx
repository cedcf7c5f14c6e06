import { LoadFailedAlert } from '../../components/mui/load-failed-alert.tsx';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useFormClasses } from '../../api/get-form-classes.ts';
import { useSchoolTimeZone } from '../../api/get-school-config.ts';
import { PageTitle } from '../../components/light/page-title.tsx';
import { DoneSnackbar } from '../../components/mui/done-snackbar.tsx';
import { Spinner } from '../../components/mui/spinner.tsx';
import { useContactChanges, type ChangeSearch } from './api/get-contact-changes.ts';
import { ChangeCard } from './components/change-card.tsx';

const counted = (count: number, status: ChangeSearch['status']) =>
  `${count === 1 ? '1 change' : `${count} changes`} ${status === 'pending' ? 'waiting for an answer' : 'answered'}`;

/**
 * `/admin/contact-changes` (office and admin, decision 066): the changes parents proposed to their
 * own details in their daughters' records, newest first, of one class or all. Each shows the
 * record's value and the proposed one side by side; the office approves or declines each field
 * (Approve all, then Save answer: two clicks), and the approved values are written to the record.
 * The answered ones are listed apart, with each field's decision.
 */
export default function ContactChangesPage() {
  const { data: classes } = useFormClasses();
  const timeZone = useSchoolTimeZone();
  const [search, setSearch] = useState<ChangeSearch>({ status: 'pending', classId: '' });
  const changes = useContactChanges(search);
  const [done, setDone] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);

  return (
    <>
      <PageTitle>Contact Changes</PageTitle>
      <Paper sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
          <TextField
            select
            label="Show"
            size="small"
            value={search.status}
            onChange={(event) => setSearch((before) => ({ ...before, status: event.target.value as ChangeSearch['status'] }))}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="pending">Waiting for an answer</MenuItem>
            <MenuItem value="answered">Answered</MenuItem>
          </TextField>
          <TextField
            select
            label="Class"
            size="small"
            value={search.classId}
            onChange={(event) => setSearch((before) => ({ ...before, classId: event.target.value }))}
            // 'Any class' shows as chosen, rather than an empty box under the label.
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="">Any class</MenuItem>
            {(classes ?? []).map((formClass) => (
              <MenuItem key={formClass.id} value={formClass.id}>
                Form {formClass.form_level} – {formClass.id}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          Parents propose new values for their own details (name, address, occupation, employer, phones, e-mail) and the emergency contact. An approved value is
          written to the student&apos;s record at once, and the parent is told of each answer.
        </Typography>
      </Paper>
      {refused && (
        <Alert severity="warning" onClose={() => setRefused(null)} sx={{ mb: 2 }}>
          {refused}
        </Alert>
      )}
      {changes.error ? (
        <LoadFailedAlert what="The changes" error={changes.error} onRetry={() => void changes.refetch()} />
      ) : changes.isPending ? (
        <Spinner label="Loading the changes" />
      ) : (
        <>
          <Typography color="text.secondary" role="status" sx={{ mb: 1 }}>
            {changes.data.total > changes.data.changes.length
              ? `${counted(changes.data.total, search.status)}; the newest ${changes.data.changes.length} are shown.`
              : counted(changes.data.total, search.status)}
          </Typography>
          {changes.data.changes.map((change) => (
            <ChangeCard
              key={change.id}
              change={change}
              timeZone={timeZone}
              onDone={(message) => {
                setRefused(null);
                setDone(message);
              }}
              onRefused={setRefused}
            />
          ))}
        </>
      )}
      <DoneSnackbar message={done} onClose={() => setDone(null)} />
    </>
  );
}
