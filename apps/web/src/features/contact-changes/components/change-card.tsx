import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  contactChangeDecisionLabel,
  contactChangeMessages,
  contactChangeStatusLabels,
  shownContactValue,
  type ContactChangeDecision,
} from '@school/contract/contact-changes';
import type { ContactChange, ContactChangeField } from '@school/contract/responses';
import { useState } from 'react';
import { ApiError } from '../../../api/client.ts';
import { cardsOnPhone } from '../../../components/mui/table-cards.ts';
import { formatSchoolTime } from '../../../lib/format-day.ts';
import { relationshipLabels } from '../../../lib/relationship-labels.ts';
import { useAnswerContactChange } from '../api/answer-contact-change.ts';

/** How long the office's note to the parent may be (the contract's rule on the server). */
const NOTE_MAX = 300;

/** A field whose record value moved since the parent proposed it: approving it would overwrite a newer value, so the server refuses it. */
const movedSince = (field: ContactChangeField) => field.was !== field.now;

const statusColour = { pending: 'default', approved: 'success', partly_approved: 'info', declined: 'warning', replaced: 'default' } as const;

/** A field's decision as the office chooses it: Approve or Decline, with Approve off for a field the record moved under. */
function DecisionChoice({
  field,
  value,
  onChange,
  disabled,
}: {
  field: ContactChangeField;
  value: ContactChangeDecision | undefined;
  onChange: (decision: ContactChangeDecision) => void;
  disabled: boolean;
}) {
  return (
    <RadioGroup row aria-label={`Answer for ${field.label}`} value={value ?? ''} onChange={(event) => onChange(event.target.value as ContactChangeDecision)}>
      <FormControlLabel value="approved" control={<Radio size="small" />} label="Approve" disabled={disabled || movedSince(field)} />
      <FormControlLabel value="declined" control={<Radio size="small" />} label="Decline" disabled={disabled} />
    </RadioGroup>
  );
}

/**
 * One parent's change (decision 066): the girl, who sent it and when, and each field with the
 * record's value and the proposed one side by side. While it waits, the office approves or
 * declines each field (or all at once) and saves the answer, with a note to the parent; once
 * answered, each field's decision and who answered. `onDone` hears the words of a saved answer,
 * `onRefused` those of an answer refused as the change moved on (409).
 */
export function ChangeCard({
  change,
  timeZone,
  onDone,
  onRefused,
}: {
  change: ContactChange;
  timeZone: string;
  onDone: (message: string) => void;
  onRefused: (message: string) => void;
}) {
  const answer = useAnswerContactChange();
  const [decisions, setDecisions] = useState<Record<string, ContactChangeDecision>>({});
  const [note, setNote] = useState('');
  const waiting = change.status === 'pending';
  const titleId = `change-${change.id}`;
  const decided = change.fields.every((field) => decisions[field.field]);
  const anyMoved = change.fields.some(movedSince);
  const all = (decision: ContactChangeDecision) => setDecisions(Object.fromEntries(change.fields.map((field) => [field.field, decision])));

  const save = async () => {
    try {
      await answer.mutateAsync({ id: change.id, answer: { decisions, ...(note.trim() ? { note: note.trim() } : {}) } });
      const approved = Object.values(decisions).filter((decision) => decision === 'approved').length;
      onDone(contactChangeMessages.answered(approved, change.fields.length - approved));
    } catch (caught) {
      // Answered meanwhile by someone else, or the record moved under it: the list is read again and
      // shows the change as it now stands, perhaps elsewhere, so the page says why.
      if (caught instanceof ApiError && caught.status === 409) onRefused(caught.firstMessage);
      setDecisions({});
    }
  };

  return (
    <Paper component="article" aria-labelledby={titleId} sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }} data-change={change.id}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 0.5 }}>
        <Typography component="h2" variant="h6" id={titleId} sx={{ flexGrow: 1 }}>
          {change.student_name}
        </Typography>
        <Chip size="small" label={contactChangeStatusLabels[change.status]} color={statusColour[change.status]} />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {change.student_id}
        {change.class_id ? ` · ${change.class_id}` : ''} · from {change.guardian_name} ({relationshipLabels[change.relationship]}), {change.guardian_email}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Sent {formatSchoolTime(change.created_at, timeZone)}
        {change.answered_at && ` · answered ${formatSchoolTime(change.answered_at, timeZone)}${change.answered_by ? ` by ${change.answered_by}` : ''}`}
      </Typography>
      <Table size="small" aria-label={`Changes for ${change.student_name}`} sx={cardsOnPhone}>
        <TableHead>
          <TableRow>
            <TableCell>Field</TableCell>
            <TableCell>In the record</TableCell>
            <TableCell>Proposed</TableCell>
            <TableCell>Answer</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {change.fields.map((field) => (
            <TableRow key={field.field} data-field={field.field}>
              <TableCell component="th" scope="row" data-label="Field" sx={{ fontWeight: 600 }}>
                {field.label}
              </TableCell>
              <TableCell data-label="In the record" sx={{ overflowWrap: 'anywhere' }}>
                {shownContactValue(field.field, field.now)}
                {waiting && movedSince(field) && (
                  <Typography variant="body2" sx={{ color: 'warning.dark' }}>
                    Changed since it was proposed (then {shownContactValue(field.field, field.was)}): decline it, and the parent can propose again.
                  </Typography>
                )}
              </TableCell>
              <TableCell data-label="Proposed" sx={{ overflowWrap: 'anywhere', fontWeight: 600 }}>
                {shownContactValue(field.field, field.proposed)}
              </TableCell>
              <TableCell data-label="Answer">
                {waiting ? (
                  <DecisionChoice
                    field={field}
                    value={decisions[field.field]}
                    disabled={answer.isPending}
                    onChange={(decision) => setDecisions((before) => ({ ...before, [field.field]: decision }))}
                  />
                ) : (
                  contactChangeDecisionLabel(field.decision)
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {change.note && (
        <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          Note to the parent: {change.note}
        </Typography>
      )}
      {answer.error && !(answer.error instanceof ApiError && answer.error.status === 409) && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {answer.error instanceof ApiError ? answer.error.firstMessage : 'The answer could not be saved. Please try again.'}
        </Alert>
      )}
      {waiting && (
        <Stack spacing={1.5} sx={{ mt: 2 }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="outlined" size="small" onClick={() => all('approved')} disabled={anyMoved || answer.isPending}>
              Approve all
            </Button>
            <Button variant="outlined" size="small" onClick={() => all('declined')} disabled={answer.isPending}>
              Decline all
            </Button>
          </Stack>
          <TextField
            label="Note to the parent (optional)"
            size="small"
            value={note}
            onChange={(event) => setNote(event.target.value)}
            slotProps={{ htmlInput: { maxLength: NOTE_MAX } }}
            fullWidth
          />
          <Box>
            <Button variant="contained" onClick={() => void save()} disabled={!decided || answer.isPending}>
              Save answer
            </Button>
          </Box>
        </Stack>
      )}
    </Paper>
  );
}
