import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { termNames } from '@school/contract/api-types';
import type { ClosedDay, Term } from '@school/contract/responses';
import { useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { IsoDateField } from '../../components/mui/iso-date-field.tsx';
import { PageTitle } from '../../components/light/page-title.tsx';
import { useTermCalendar, type TermCalendar } from './api/get-term-calendar.ts';
import { useSaveTermCalendar } from './api/save-term-calendar.ts';

/** The editor, holding its own copy of the calendar until it is saved. */
function CalendarEditor({ initial }: { initial: TermCalendar }) {
  const [terms, setTerms] = useState<Term[]>(initial.terms);
  const [closed, setClosed] = useState<ClosedDay[]>(initial.closed_days);
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const save = useSaveTermCalendar();
  const setTerm = (index: number, change: Partial<Term>) => setTerms((current) => current.map((term, at) => (at === index ? { ...term, ...change } : term)));
  const setDay = (index: number, change: Partial<ClosedDay>) => setClosed((current) => current.map((day, at) => (at === index ? { ...day, ...change } : day)));
  const lastYear = terms.at(-1)?.year ?? new Date().getFullYear();

  async function submit() {
    setMessage(null);
    try {
      await save.mutateAsync({ terms, closed_days: closed });
      setMessage({ severity: 'success', text: 'The term calendar is saved. Attendance figures now count by it.' });
    } catch (caught) {
      setMessage({ severity: 'error', text: caught instanceof ApiError ? caught.firstMessage : 'The calendar could not be saved. Please try again.' });
    }
  }

  return (
    <Stack spacing={2}>
      <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Typography component="h2" variant="h3" sx={{ mb: 1 }}>
          Terms
        </Typography>
        <Stack spacing={2}>
          {terms.map((term, index) => (
            <Box key={index} role="group" aria-label={`Term ${index + 1}`} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <TextField
                label="Year"
                type="number"
                size="small"
                value={term.year}
                onChange={(event) => setTerm(index, { year: Number(event.target.value) })}
                sx={{ width: 100 }}
              />
              <TextField
                select
                label="Term"
                size="small"
                value={term.term}
                onChange={(event) => setTerm(index, { term: event.target.value as Term['term'] })}
                sx={{ width: 170 }}
              >
                {Object.entries(termNames).map(([value, name]) => (
                  <MenuItem key={value} value={value}>
                    {value} {name}
                  </MenuItem>
                ))}
              </TextField>
              <IsoDateField label="Starts" value={term.start_date} onChange={(value) => setTerm(index, { start_date: value })} />
              <IsoDateField label="Ends" value={term.end_date} onChange={(value) => setTerm(index, { end_date: value })} />
              <IconButton
                aria-label={`Remove term ${term.term} of ${term.year}`}
                onClick={() => setTerms((current) => current.filter((_, at) => at !== index))}
              >
                <DeleteIcon />
              </IconButton>
            </Box>
          ))}
          <Box>
            <Button startIcon={<AddIcon />} onClick={() => setTerms((current) => [...current, { year: lastYear, term: '1', start_date: '', end_date: '' }])}>
              Add Term
            </Button>
          </Box>
        </Stack>
      </Paper>
      <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Typography component="h2" variant="h3" sx={{ mb: 1 }}>
          Closed Days
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Holidays and breaks inside a term: no sessions are counted on them. Weekends never count.
        </Typography>
        <Stack spacing={2}>
          {closed.map((day, index) => (
            <Box key={index} role="group" aria-label={`Closed day ${index + 1}`} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <IsoDateField label="Date" value={day.date} onChange={(value) => setDay(index, { date: value })} />
              <TextField
                label="Reason"
                size="small"
                value={day.reason}
                onChange={(event) => setDay(index, { reason: event.target.value })}
                slotProps={{ htmlInput: { maxLength: 60 } }}
              />
              <IconButton
                aria-label={`Remove closed day ${day.date || index + 1}`}
                onClick={() => setClosed((current) => current.filter((_, at) => at !== index))}
              >
                <DeleteIcon />
              </IconButton>
            </Box>
          ))}
          <Box>
            <Button startIcon={<AddIcon />} onClick={() => setClosed((current) => [...current, { date: '', reason: '' }])}>
              Add Closed Day
            </Button>
          </Box>
        </Stack>
      </Paper>
      {message && (
        <Alert severity={message.severity} role={message.severity === 'error' ? 'alert' : 'status'}>
          {message.text}
        </Alert>
      )}
      <Box>
        <Button variant="contained" onClick={() => void submit()} disabled={save.isPending}>
          Save Calendar
        </Button>
      </Box>
    </Stack>
  );
}

/** `/admin/term-calendar`: the terms' dates and the closed days that attendance is counted by (decision 022). */
export default function TermCalendarPage() {
  const { data, error } = useTermCalendar();
  return (
    <>
      <PageTitle>Term Calendar</PageTitle>
      {error ? <Alert severity="error">The term calendar could not be loaded. Please reload the page.</Alert> : data ? <CalendarEditor initial={data} /> : null}
    </>
  );
}
