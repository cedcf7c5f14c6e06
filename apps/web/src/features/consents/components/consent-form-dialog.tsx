import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { consentLimits, consentMessages } from '@school/contract/consents';
import type { ConsentForm } from '@school/contract/responses';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../api/client.ts';
import { useFormClasses } from '../../../api/get-form-classes.ts';
import { IsoDateField } from '../../../components/mui/iso-date-field.tsx';
import { shiftDay, today } from '../../../lib/format-day.ts';
import { useSaveConsentForm } from '../api/save-consent-form.ts';

type Fields = { title: string; text: string; class_ids: string[]; closes_on: string; per_daughter: boolean };

/** What is wrong before anything is sent, field by field. */
function problemsOf(fields: Fields): Partial<Record<keyof Fields, string>> {
  const problems: Partial<Record<keyof Fields, string>> = {};
  if (!fields.title.trim()) problems.title = 'Give the form a title.';
  if (!fields.text.trim()) problems.text = 'Write what the parents agree to.';
  if (fields.class_ids.length === 0) problems.class_ids = consentMessages.chooseClasses;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(fields.closes_on)) problems.closes_on = 'Choose the last day answers are taken.';
  return problems;
}

/**
 * An admin writes a consent form, or changes one (decision 067): its title, its words, its classes,
 * its closing day and whether an answer is needed for each daughter. New words after guardians have
 * answered become a new version, theirs kept; 'for each daughter' is fixed once anyone answered.
 */
export function ConsentFormDialog({
  form,
  onClose,
  onDone,
}: {
  form?: ConsentForm;
  onClose: () => void;
  onDone: (message: string, saved: ConsentForm) => void;
}) {
  const { data: classes } = useFormClasses();
  const save = useSaveConsentForm();
  const [fields, setFields] = useState<Fields>(() => ({
    title: form?.title ?? '',
    text: form?.text ?? '',
    class_ids: form?.class_ids ?? [],
    closes_on: form?.closes_on ?? shiftDay(today(), 14),
    per_daughter: form?.per_daughter ?? false,
  }));
  const [problems, setProblems] = useState<Partial<Record<keyof Fields, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = <K extends keyof Fields>(name: K, value: Fields[K]) => setFields((current) => ({ ...current, [name]: value }));
  const answered = (form?.answers ?? 0) > 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = problemsOf(fields);
    setProblems(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    try {
      if (!form) {
        const saved = await save.mutateAsync({ form: fields });
        onDone(consentMessages.formCreated(saved.title), saved);
        return;
      }
      const changed = Object.fromEntries(
        (Object.keys(fields) as Array<keyof Fields>)
          .filter((name) => JSON.stringify(fields[name]) !== JSON.stringify(form[name]))
          .map((name) => [name, fields[name]]),
      );
      const saved = await save.mutateAsync({ formId: form.id, form: { updated_at: form.updated_at, ...changed } });
      onDone(saved.version > form.version ? consentMessages.newVersion(saved.version, form.answers) : consentMessages.formSaved, saved);
    } catch (caught) {
      if (caught instanceof ApiError) {
        const errors = caught.body.errors ?? {};
        setProblems(Object.fromEntries(Object.entries(errors).map(([name, messages]) => [name, messages[0]])) as typeof problems);
        setFailure(caught.firstMessage);
      } else setFailure('The form could not be saved just now. Please try again.');
    }
  }

  const title = form ? 'Edit Consent Form' : 'New Consent Form';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="consent-form-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="consent-form-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure && (
              <Alert severity="error" role="alert">
                {failure}
              </Alert>
            )}
            {answered && (
              <Alert severity="info">
                {form!.answers === 1 ? 'A guardian has' : `${form!.answers} guardians have`} answered. New words are saved as version {form!.version + 1}; every
                answer keeps the words it agreed to.
              </Alert>
            )}
            <TextField
              label="Title"
              value={fields.title}
              onChange={(event) => set('title', event.target.value)}
              required
              error={Boolean(problems.title)}
              helperText={problems.title ?? 'For example: Trip to the Botanic Gardens'}
              slotProps={{ htmlInput: { maxLength: consentLimits.title } }}
            />
            <TextField
              label="What the parents agree to"
              value={fields.text}
              onChange={(event) => set('text', event.target.value)}
              required
              multiline
              minRows={6}
              error={Boolean(problems.text)}
              helperText={problems.text ?? 'The words each parent or guardian reads before answering I agree or I do not agree.'}
              slotProps={{ htmlInput: { maxLength: consentLimits.text } }}
            />
            <TextField
              select
              label="Classes"
              value={fields.class_ids}
              onChange={(event) => set('class_ids', event.target.value as unknown as string[])}
              required
              error={Boolean(problems.class_ids)}
              helperText={problems.class_ids ?? 'The parents of these classes’ students are asked.'}
              slotProps={{ select: { multiple: true, renderValue: (chosen) => (chosen as string[]).join(', ') } }}
            >
              {(classes ?? []).map((formClass) => (
                <MenuItem key={formClass.id} value={formClass.id}>
                  <Checkbox checked={fields.class_ids.includes(formClass.id)} size="small" slotProps={{ input: { 'aria-hidden': true } }} tabIndex={-1} />
                  <ListItemText primary={`Form ${formClass.form_level} – ${formClass.id}`} />
                </MenuItem>
              ))}
            </TextField>
            <IsoDateField
              label="Closes on"
              size="medium"
              value={fields.closes_on}
              onChange={(value) => set('closes_on', value)}
              min={today()}
              max={shiftDay(today(), consentLimits.daysAhead)}
              required
              error={Boolean(problems.closes_on)}
              helperText={problems.closes_on ?? 'Answers are taken through this day.'}
            />
            <div>
              <FormControlLabel
                control={<Switch checked={fields.per_daughter} onChange={(event) => set('per_daughter', event.target.checked)} disabled={answered} />}
                label="Needed for each daughter"
              />
              <FormHelperText>
                {answered ? consentMessages.perDaughterFixed : 'A parent of two daughters in these classes answers once for each of them.'}
              </FormHelperText>
            </div>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {form ? 'Save' : 'Open for Answers'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
