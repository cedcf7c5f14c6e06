import {
  absenceNoteFileAccept,
  absenceNoteLabels,
  absenceNoteLimits,
  absenceNoteMessages,
  absenceNoteReasons,
  type AbsenceNoteReason,
  type AbsenceNoteSessions,
} from '@school/contract/absence-notes';
import { isRealDate } from '@school/contract/days';
import { messages } from '@school/contract/messages';
import type { AbsenceNoteDone } from '@school/contract/responses';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ApiError } from '../../api/client.ts';
import { absenceNotesKey } from '../../api/get-absence-notes.ts';
import { sendAbsenceNote } from '../../api/send-absence-note.ts';
import { shiftDay, today } from '../../lib/format-day.ts';
import { LightAlert } from './light-alert.tsx';
import { LightDateInput } from './light-date-input.tsx';
import { lightButtonClass, LightFormField } from './light-form.tsx';
import { LightIcon } from './light-icon.tsx';
import { LightRadioGroup } from './light-radio.tsx';
import './absence-notes.css';

type Field = 'from' | 'to' | 'sessions' | 'reason' | 'text' | 'file';

/** The first problem of the form before it is sent, on its field, or null: the server checks the same and the calendar. */
export function noteProblem({ from, to, reason }: { from: string; to: string; reason: string }, now = today()): { field: Field; message: string } | null {
  if (!from) return { field: 'from', message: absenceNoteMessages.firstDayNeeded };
  if (!isRealDate(from)) return { field: 'from', message: messages.invalidDate };
  if (!to) return { field: 'to', message: absenceNoteMessages.lastDayNeeded };
  if (!isRealDate(to)) return { field: 'to', message: messages.invalidDate };
  if (to < from) return { field: 'to', message: absenceNoteMessages.lastBeforeFirst };
  const earliest = shiftDay(now, -absenceNoteLimits.daysBack);
  const latest = shiftDay(now, absenceNoteLimits.daysAhead);
  if (from < earliest) return { field: 'from', message: absenceNoteMessages.tooFarBack(earliest) };
  if (to > latest) return { field: 'to', message: absenceNoteMessages.tooFarAhead(latest) };
  if (!reason) return { field: 'reason', message: absenceNoteMessages.reasonNeeded };
  return null;
}

/** Enter or Space on the file chooser opens the file picker, as a click does. */
function openPicker(event: KeyboardEvent<HTMLLabelElement>) {
  if (event.key !== 'Enter' && event.key !== ' ') return;
  event.preventDefault();
  event.currentTarget.querySelector('input')?.click();
}

/**
 * The absence note's form (decision 065), in the light kit: the first and last day (30 days back
 * to 14 ahead), the sessions, the reason, a few words, and an optional photo or PDF of the doctor's
 * note. A refusal is shown on its field in the server's words; once sent, the list is read again.
 */
export function AbsenceNoteForm({
  studentId,
  firstName,
  onSent,
  onCancel,
}: {
  studentId: string;
  /** The girl's first name, for a guardian; none for the student herself. */
  firstName?: string;
  onSent: (answer: AbsenceNoteDone) => void;
  onCancel: () => void;
}) {
  const client = useQueryClient();
  const now = today();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [sessions, setSessions] = useState<AbsenceNoteSessions>('both');
  const [reason, setReason] = useState<AbsenceNoteReason | ''>('');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<{ field: Field | null; message: string } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const alert = useRef<HTMLDivElement>(null);
  const who = firstName ?? 'you';
  const errorOf = (field: Field) => (problem?.field === field ? problem.message : undefined);
  // A whole first day brings the last day with it when that is not yet a day after it.
  const chooseFrom = (day: string) => {
    setFrom(day);
    if (isRealDate(day) && (!isRealDate(to) || to < day)) setTo(day);
  };

  async function send(event: FormEvent) {
    event.preventDefault();
    const found = noteProblem({ from, to, reason }, now);
    setProblem(found);
    if (found) {
      document.getElementById(`note-${found.field}`)?.focus();
      return;
    }
    setProgress(0);
    try {
      const answer = await sendAbsenceNote({ student_id: studentId, from, to, sessions, reason: reason as AbsenceNoteReason, text }, file, setProgress);
      await client.invalidateQueries({ queryKey: absenceNotesKey });
      onSent(answer);
    } catch (caught) {
      const first = caught instanceof ApiError ? caught.body.errors : undefined;
      const field = first ? (Object.keys(first)[0] as Field | undefined) : undefined;
      setProblem({
        field: field && ['from', 'to', 'sessions', 'reason', 'text', 'file'].includes(field) ? field : null,
        message: caught instanceof ApiError ? caught.firstMessage : 'The note could not be sent just now. Please try again.',
      });
      requestAnimationFrame(() => alert.current?.focus());
    } finally {
      setProgress(null);
    }
  }

  return (
    <form className="lf-card lf-stack absence-note-form" onSubmit={send} noValidate aria-labelledby="absence-note-form-title">
      <h3 id="absence-note-form-title" className="light-heading">
        Send an absence note
      </h3>
      <p className="light-small light-secondary absence-note-help">
        For days {who === 'you' ? 'you are' : `${firstName} is`}, or {who === 'you' ? 'were' : 'was'}, away: up to {absenceNoteLimits.daysBack} days back and{' '}
        {absenceNoteLimits.daysAhead} days ahead. The school answers it here.
      </p>
      {problem && (
        <LightAlert severity="error" focusRef={alert}>
          {problem.message}
        </LightAlert>
      )}
      <div className="absence-note-days">
        <LightFormField id="note-from" label="First day" required error={Boolean(errorOf('from'))} helperText={errorOf('from') ?? ' '}>
          {(control) => (
            <LightDateInput
              control={control}
              label="First day"
              value={from}
              min={shiftDay(now, -absenceNoteLimits.daysBack)}
              max={shiftDay(now, absenceNoteLimits.daysAhead)}
              onType={chooseFrom}
              onPick={chooseFrom}
            />
          )}
        </LightFormField>
        <LightFormField id="note-to" label="Last day" required error={Boolean(errorOf('to'))} helperText={errorOf('to') ?? ' '}>
          {(control) => (
            <LightDateInput
              control={control}
              label="Last day"
              value={to}
              min={isRealDate(from) ? from : shiftDay(now, -absenceNoteLimits.daysBack)}
              max={shiftDay(now, absenceNoteLimits.daysAhead)}
              onType={setTo}
              onPick={setTo}
            />
          )}
        </LightFormField>
      </div>
      <LightRadioGroup
        id="note-sessions"
        label="Sessions"
        value={sessions}
        options={(['both', 'am', 'pm'] as const).map((value) => ({ value, label: absenceNoteLabels.sessions[value] }))}
        onChange={(value) => setSessions(value as AbsenceNoteSessions)}
      />
      <LightRadioGroup
        id="note-reason"
        label="Reason"
        value={reason}
        options={absenceNoteReasons.map((value) => ({ value, label: absenceNoteLabels.reasons[value] }))}
        onChange={(value) => setReason(value as AbsenceNoteReason)}
      />
      <LightFormField
        id="note-text"
        label="A few words to the school (optional)"
        error={Boolean(errorOf('text'))}
        helperText={errorOf('text') ?? `${text.length} of ${absenceNoteLimits.text} characters`}
      >
        {(control) => <textarea {...control} rows={3} maxLength={absenceNoteLimits.text} value={text} onChange={(event) => setText(event.target.value)} />}
      </LightFormField>
      <div className="absence-note-file">
        <span className="lf-label" id="note-file-label">
          A photo or PDF of the doctor’s note (optional)
        </span>
        <div className="lf-row">
          {/* A label as the button: a click on it, or Enter or Space, opens the file picker. */}
          <label role="button" tabIndex={0} className={lightButtonClass('outlined')} htmlFor="note-file" onKeyDown={openPicker}>
            <LightIcon name="uploadFile" />
            Choose file
            <input
              id="note-file"
              type="file"
              accept={absenceNoteFileAccept}
              hidden
              aria-labelledby="note-file-label"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          </label>
          <p className={file ? 'absence-note-file-name' : 'absence-note-file-name light-secondary'}>{file ? file.name : 'No file chosen'}</p>
          {file && (
            <button type="button" className={lightButtonClass('text')} onClick={() => setFile(null)} aria-label={`Remove ${file.name}`}>
              Remove
            </button>
          )}
        </div>
        {errorOf('file') && <p className="lf-helper absence-note-file-error">{errorOf('file')}</p>}
      </div>
      {progress !== null && file && <progress className="absence-note-progress" value={progress} max={100} aria-label="Sending the note" />}
      <div className="lf-row">
        <button type="submit" className={lightButtonClass('contained')} disabled={progress !== null}>
          Send Note
        </button>
        <button type="button" className={lightButtonClass('text')} onClick={onCancel} disabled={progress !== null}>
          Cancel
        </button>
      </div>
    </form>
  );
}
