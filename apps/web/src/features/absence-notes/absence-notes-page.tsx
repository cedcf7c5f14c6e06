import { LoadFailedAlert } from '../../components/mui/load-failed-alert.tsx';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { absenceNoteLabels, absenceNoteLimits, type AbsenceNoteDecision, type AbsenceNoteStatus } from '@school/contract/absence-notes';
import type { AbsenceNote } from '@school/contract/responses';
import { useState } from 'react';
import { useAbsenceNotes } from '../../api/get-absence-notes.ts';
import { useReadableClasses } from '../../api/get-form-classes.ts';
import { useSchoolTimeZone } from '../../api/get-school-config.ts';
import { PageTitle } from '../../components/light/page-title.tsx';
import { DoneSnackbar } from '../../components/mui/done-snackbar.tsx';
import { Pagination } from '../../components/mui/pagination.tsx';
import { Spinner } from '../../components/mui/spinner.tsx';
import { cardsOnPhone } from '../../components/mui/table-cards.ts';
import { formatDayRange, formatSchoolTime } from '../../lib/format-day.ts';
import { useMay } from '../../lib/use-may.ts';
import { AnswerDialog } from './components/answer-dialog.tsx';
import { reasonOf, recordedDayInWords, senderOf, studentNameOf } from './components/words.ts';

type Shown = AbsenceNoteStatus | 'all';

const stateColours: Record<AbsenceNoteStatus, string> = { pending: '#7a5600', accepted: '#1b5e20', declined: '#b71c1c' };

/**
 * `/admin/absence-notes` (decision 065): the families' absence notes, newest first, pending ones at
 * first, of one class or all (a teacher's classes only), each with the days it covers and what
 * attendance recorded then. Office and admin staff answer each in two clicks: Accept, then its
 * confirmation; or Decline, a reason, then its confirmation. Teachers read their classes' notes.
 */
export default function AbsenceNotesPage() {
  const may = useMay();
  const mayAnswer = may('records:write');
  const { classes, every } = useReadableClasses();
  const timeZone = useSchoolTimeZone();
  const [shown, setShown] = useState<Shown>('pending');
  const [classId, setClassId] = useState('');
  const [page, setPage] = useState(1);
  const [answering, setAnswering] = useState<{ note: AbsenceNote; decision: AbsenceNoteDecision } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const notes = useAbsenceNotes({ status: shown === 'all' ? undefined : shown, classId: classId || undefined, page });
  const choose = (next: Shown | null) => {
    if (!next) return;
    setShown(next);
    setPage(1);
  };

  return (
    <>
      <PageTitle>Absence Notes</PageTitle>
      <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
          <ToggleButtonGroup value={shown} exclusive size="small" onChange={(_event, next: Shown | null) => choose(next)} aria-label="Notes shown">
            <ToggleButton value="pending">Pending{notes.data ? ` (${notes.data.pending})` : ''}</ToggleButton>
            <ToggleButton value="accepted">Accepted</ToggleButton>
            <ToggleButton value="declined">Declined</ToggleButton>
            <ToggleButton value="all">All</ToggleButton>
          </ToggleButtonGroup>
          <TextField
            select
            label="Class"
            size="small"
            value={classId}
            onChange={(event) => {
              setClassId(event.target.value);
              setPage(1);
            }}
            sx={{ minWidth: 180 }}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          >
            <MenuItem value="">{every ? 'Every class' : 'All my classes'}</MenuItem>
            {classes.map((formClass) => (
              <MenuItem key={formClass.id} value={formClass.id}>
                Form {formClass.form_level} – {formClass.id}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        {!mayAnswer && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            You read your classes’ notes here; the school office answers them.
          </Typography>
        )}
        {notes.error ? (
          <LoadFailedAlert what="The notes" error={notes.error} onRetry={() => void notes.refetch()} />
        ) : notes.isPending ? (
          <Spinner label="Loading the absence notes" />
        ) : (
          <>
            <NotesTable
              notes={notes.data.items}
              shown={shown}
              timeZone={timeZone}
              mayAnswer={mayAnswer}
              onAnswer={(note, decision) => setAnswering({ note, decision })}
            />
            {notes.data.total > absenceNoteLimits.pageSize && (
              <Pagination total={notes.data.total} page={page} pageSize={absenceNoteLimits.pageSize} onPage={setPage} />
            )}
          </>
        )}
      </Paper>
      {answering && (
        <AnswerDialog
          {...answering}
          onClose={() => setAnswering(null)}
          onDone={(message) => {
            setAnswering(null);
            setDone(message);
          }}
        />
      )}
      <DoneSnackbar message={done} onClose={() => setDone(null)} />
    </>
  );
}

/** The notes of the page: the student, the days and what attendance recorded, the reason and file, who sent it, and its answer or the buttons that give it. */
function NotesTable({
  notes,
  shown,
  timeZone,
  mayAnswer,
  onAnswer,
}: {
  notes: AbsenceNote[];
  shown: Shown;
  timeZone: string;
  mayAnswer: boolean;
  onAnswer: (note: AbsenceNote, decision: AbsenceNoteDecision) => void;
}) {
  if (notes.length === 0) return <Typography role="status">{shown === 'pending' ? 'No note waits for an answer.' : 'No note matches.'}</Typography>;
  return (
    <Table size="small" aria-label="Absence notes" sx={cardsOnPhone}>
      <TableHead>
        <TableRow>
          <TableCell>Student</TableCell>
          <TableCell>Days and attendance recorded</TableCell>
          <TableCell>Reason</TableCell>
          <TableCell>Sent by</TableCell>
          <TableCell>Answer</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {notes.map((note) => {
          const name = studentNameOf(note);
          return (
            <TableRow key={note.id} data-note={note.id} sx={{ verticalAlign: 'top' }}>
              <TableCell data-label="Student">
                <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {note.student_id}
                  {note.class_id ? ` · ${note.class_id}` : ''}
                </Typography>
              </TableCell>
              <TableCell data-label="Days and attendance recorded">
                {formatDayRange(note.from, note.to)}
                <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
                  {absenceNoteLabels.sessions[note.sessions]}
                </Typography>
                {note.days.map((day) => (
                  <Typography key={day.date} variant="body2">
                    {recordedDayInWords(day)}
                  </Typography>
                ))}
              </TableCell>
              <TableCell data-label="Reason" sx={{ maxWidth: 280, overflowWrap: 'anywhere' }}>
                {reasonOf(note)}
                {note.text && (
                  <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
                    {note.text}
                  </Typography>
                )}
                {note.file?.url && (
                  <Link href={note.file.url} target="_blank" rel="noopener" variant="body2" sx={{ display: 'inline-block', mt: 0.5 }}>
                    Open the file: {note.file.name}
                  </Link>
                )}
              </TableCell>
              <TableCell data-label="Sent by">
                {senderOf(note)}
                <Typography variant="body2" color="text.secondary">
                  {formatSchoolTime(note.sent_at, timeZone)}
                </Typography>
              </TableCell>
              <TableCell data-label="Answer">
                {note.status === 'pending' && mayAnswer ? (
                  <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                    <Button size="small" variant="contained" onClick={() => onAnswer(note, 'accept')} aria-label={`Accept the note for ${name}`}>
                      Accept
                    </Button>
                    <Button size="small" variant="outlined" color="error" onClick={() => onAnswer(note, 'decline')} aria-label={`Decline the note for ${name}`}>
                      Decline
                    </Button>
                  </Stack>
                ) : (
                  <>
                    <Typography sx={{ fontWeight: 600, color: stateColours[note.status] }}>{absenceNoteLabels.statuses[note.status]}</Typography>
                    {note.answered_at && (
                      <Typography variant="body2" color="text.secondary">
                        {note.answered_by ? `${note.answered_by}, ` : ''}
                        {formatSchoolTime(note.answered_at, timeZone)}
                      </Typography>
                    )}
                    {note.decline_reason && (
                      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                        {note.decline_reason}
                      </Typography>
                    )}
                  </>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
