import { absenceNoteLabels, type AbsenceNoteStatus } from '@school/contract/absence-notes';
import type { AbsenceNote } from '@school/contract/responses';
import { lazy, Suspense, useState } from 'react';
import { useAbsenceNotes } from '../../api/get-absence-notes.ts';
import { useSchoolTimeZone } from '../../api/get-school-config.ts';
import { formatDayRange, formatSchoolTime } from '../../lib/format-day.ts';
import { LightAlert } from './light-alert.tsx';
import { lightButtonClass } from './light-form.tsx';
import { LightIcon } from './light-icon.tsx';
import { LightSpinner } from './light-spinner.tsx';
import { failureMessage, LoadFailed } from './load-failed.tsx';
import './absence-notes.css';

/** The form, loaded when a note is first written: the attendance screen opens without it. */
const AbsenceNoteForm = lazy(async () => ({ default: (await import('./absence-note-form.tsx')).AbsenceNoteForm }));

const statusIcons: Record<AbsenceNoteStatus, 'circle' | 'checkCircle' | 'errorOutline'> = {
  pending: 'circle',
  accepted: 'checkCircle',
  declined: 'errorOutline',
};

/** One note as the family reads it: its days and sessions, its state in words, why it was declined, and what was sent. */
function NoteItem({ note, timeZone }: { note: AbsenceNote; timeZone: string }) {
  const state = absenceNoteLabels.familyStatuses[note.status];
  return (
    <li className={`light-surface-outlined absence-note absence-note-${note.status}`} data-note={note.id}>
      <div className="absence-note-head">
        <p className="light-strong absence-note-days-sent">
          {formatDayRange(note.from, note.to)}
          <span className="light-secondary"> · {absenceNoteLabels.sessions[note.sessions]}</span>
        </p>
        <p className={`absence-note-state absence-note-state-${note.status}`}>
          <LightIcon name={statusIcons[note.status]} size={18} />
          {state}
        </p>
      </div>
      {note.status === 'declined' && note.decline_reason && (
        <p className="light-small absence-note-reason">
          <span className="light-strong">The school’s reason:</span> {note.decline_reason}
        </p>
      )}
      <p className="light-small">
        {absenceNoteLabels.reasons[note.reason]}
        {note.text ? `: ${note.text}` : ''}
      </p>
      {note.file && <p className="light-small light-secondary absence-note-file-name">With {note.file.name}</p>}
      <p className="light-small light-secondary">
        Sent by {note.sent_by.name} on {formatSchoolTime(note.sent_at, timeZone)}
        {note.answered_at ? `; answered on ${formatSchoolTime(note.answered_at, timeZone)}` : ''}
      </p>
    </li>
  );
}

/**
 * The absence notes of a girl on her attendance screen (decision 065): a guardian's (`firstName`
 * given, on her daughter's page), or the student's own at /attendance, where she may send one only
 * when the school allows it (and the part shows only then, or once a note about her exists). The
 * form opens from 'Send an absence note'; each note shows the school's answer once it comes.
 */
export function AbsenceNotes({ studentId, firstName, ownNotes = false }: { studentId: string; firstName?: string; ownNotes?: boolean }) {
  const notes = useAbsenceNotes(ownNotes ? {} : { studentId });
  const timeZone = useSchoolTimeZone();
  const [writing, setWriting] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  if (notes.error)
    return <LoadFailed message={failureMessage(notes.error, 'The absence notes could not be loaded just now.')} onRetry={() => void notes.refetch()} />;
  if (notes.isPending) return <LightSpinner label="Loading the absence notes" centred />;
  const { items, may_send: maySend } = notes.data;
  if (!maySend && items.length === 0) return null;
  return (
    <section className="absence-notes" aria-labelledby="absence-notes-title">
      <div className="absence-notes-head">
        <h2 id="absence-notes-title" className="light-title">
          Absence Notes
        </h2>
        {maySend && !writing && (
          <button
            type="button"
            className={lightButtonClass('contained')}
            onClick={() => {
              setSent(null);
              setWriting(true);
            }}
          >
            <LightIcon name="add" />
            Send an absence note
          </button>
        )}
      </div>
      {sent && <LightAlert severity="success">{sent}</LightAlert>}
      {writing && (
        <Suspense fallback={<LightSpinner label="Opening the form" />}>
          <AbsenceNoteForm
            studentId={studentId}
            firstName={firstName}
            onSent={(answer) => {
              setWriting(false);
              setSent(answer.message);
            }}
            onCancel={() => setWriting(false)}
          />
        </Suspense>
      )}
      {items.length === 0 ? (
        <p className="light-secondary">
          No absence note yet. When {firstName ?? 'you'} {firstName ? 'is' : 'are'} away, send one here: the school answers it on this page.
        </p>
      ) : (
        <ul className="absence-note-list" aria-label="Absence notes sent">
          {items.map((note) => (
            <NoteItem key={note.id} note={note} timeZone={timeZone} />
          ))}
        </ul>
      )}
    </section>
  );
}
