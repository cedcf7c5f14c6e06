import { documentTypeNames, documentTypes, stillToUpload } from '@school/contract/documents';
import { messages } from '@school/contract/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useOutletContext } from '../../lib/router/index.ts';
import { ApiError } from '../../api/client.ts';
import { failureMessage, LoadFailed } from '../../components/light/load-failed.tsx';
import { getStudent } from '../../api/get-student.ts';
import { LightAlert } from '../../components/light/light-alert.tsx';
import { LightConfirmDialog } from '../../components/light/light-confirm-dialog.tsx';
import { lightButtonClass } from '../../components/light/light-form.tsx';
import { LightIcon } from '../../components/light/light-icon.tsx';
import { deleteFile } from './api/delete-file.ts';
import { getFilesQueryOptions, useFiles, type UploadedFile } from './api/get-files.ts';
import { uploadFile } from './api/upload-file.ts';
import { useAutosave } from './autosave-context.tsx';
import { NothingChanged } from './components/nothing-changed.tsx';
import { removeText, removeTitle } from './wizard-questions.ts';

const slots = documentTypeNames.map((type) => ({
  type,
  label: documentTypes[type].title,
  accept: documentTypes[type].format.accept,
  hint: documentTypes[type].format.hint,
}));

type Slot = (typeof slots)[number];

/** Enter or Space on the file chooser opens the file picker, as a click does. */
function openPicker(event: KeyboardEvent<HTMLLabelElement>) {
  if (event.key !== 'Enter' && event.key !== ' ') return;
  event.preventDefault();
  event.currentTarget.querySelector('input')?.click();
}

function DocumentSlot({
  slot,
  studentId,
  current,
  readOnly,
  onChanged,
}: {
  slot: Slot;
  studentId: string;
  current: UploadedFile | undefined;
  readOnly: boolean;
  onChanged: () => Promise<void>;
}) {
  const [chosen, setChosen] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const [resubmitting, setResubmitting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const inputId = `file-${slot.type}`;
  // The button she pressed goes away when the slot changes; focus goes on to what took its place.
  const fileLink = useRef<HTMLAnchorElement>(null);
  const chooser = useRef<HTMLLabelElement>(null);
  const focusNext = useRef<'file' | 'chooser' | null>(null);
  useEffect(() => {
    const target = focusNext.current === 'file' ? fileLink.current : focusNext.current === 'chooser' ? chooser.current : null;
    if (!target) return;
    target.focus();
    focusNext.current = null;
  });

  async function upload() {
    setNotice(null);
    if (!chosen) return setNotice({ severity: 'error', text: messages.selectFile });
    setProgress(0);
    try {
      const answer = await uploadFile(studentId, slot.type, chosen, setProgress);
      setNotice({ severity: 'success', text: answer.message });
      setChosen(null);
      setResubmitting(false);
      focusNext.current = 'file';
      await onChanged();
    } catch (caught) {
      const validation = caught instanceof ApiError && caught.body.errors ? caught.firstMessage : null;
      setNotice({ severity: 'error', text: validation ?? (caught instanceof ApiError && caught.status === 403 ? caught.body.message : messages.uploadFailed) });
    } finally {
      setProgress(null);
    }
  }

  async function remove() {
    setConfirming(false);
    if (!current) return;
    try {
      const answer = await deleteFile(studentId, { name: current.name, type: slot.type });
      setNotice({ severity: 'success', text: answer.message });
      focusNext.current = 'chooser';
      await onChanged();
    } catch {
      setNotice({ severity: 'error', text: messages.deleteFailed });
    }
  }

  const showChooser = !current || resubmitting;
  return (
    <section className="lf-card" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className="lf-noted">
        {slot.label}
      </h2>
      <p className="lf-secondary lf-hint">{slot.hint}</p>
      {current && !resubmitting && (
        <div className="lf-slot-row">
          <a ref={fileLink} href={current.url} target="_blank" rel="noopener" className="lf-link lf-file-name">
            {current.name}
          </a>
          {!readOnly && (
            <div className="lf-row">
              <button
                type="button"
                className={lightButtonClass('outlined')}
                onClick={() => {
                  // The earlier upload's message does not belong beside a new, empty choice.
                  setNotice(null);
                  setResubmitting(true);
                  focusNext.current = 'chooser';
                }}
              >
                Resubmit
              </button>
              <button type="button" className={lightButtonClass('outlined', true)} onClick={() => setConfirming(true)}>
                Remove
              </button>
            </div>
          )}
        </div>
      )}
      {showChooser && !readOnly && (
        <div className="lf-slot-row">
          {/* A label as the button: a click on it, or Enter or Space, opens the file picker. */}
          <label ref={chooser} role="button" tabIndex={0} className={lightButtonClass('outlined')} htmlFor={inputId} onKeyDown={openPicker}>
            <LightIcon name="uploadFile" />
            Choose file
            <input
              id={inputId}
              type="file"
              accept={slot.accept}
              hidden
              aria-label={`Choose the ${slot.label.toLowerCase()} file`}
              onChange={(event) => {
                setChosen(event.target.files?.[0] ?? null);
                setNotice(null);
              }}
            />
          </label>
          <p className={chosen ? 'lf-file-name' : 'lf-file-name lf-muted'}>{chosen ? chosen.name : 'No file chosen'}</p>
          <button type="button" className={lightButtonClass('contained')} onClick={upload} disabled={progress !== null}>
            Upload
          </button>
          {resubmitting && (
            <button
              type="button"
              className={lightButtonClass('text')}
              onClick={() => {
                setResubmitting(false);
                focusNext.current = 'file';
              }}
            >
              Cancel
            </button>
          )}
        </div>
      )}
      {!current && readOnly && <p className="lf-muted lf-plain">Not uploaded.</p>}
      {progress !== null && (
        <div className="lf-progress">
          <progress value={progress} max={100} aria-label={`Uploading ${slot.label}`} />
          <p>{progress}%</p>
        </div>
      )}
      {notice && (
        <LightAlert severity={notice.severity} className="lf-notice">
          {notice.text}
        </LightAlert>
      )}
      {confirming && (
        // 'Remove Birth Certificate?': asked before an uploaded document is deleted.
        <LightConfirmDialog
          title={removeTitle(slot.label)}
          cancelLabel="Cancel"
          confirmLabel="Remove"
          confirmContained
          onCancel={() => setConfirming(false)}
          onConfirm={remove}
        >
          {removeText(current?.name)}
        </LightConfirmDialog>
      )}
    </section>
  );
}

/** Step 5 (SPEC §2): one upload slot per document type; documents carried over from last year are confirmed with 'Nothing has changed' or replaced. */
export default function DocumentsStepPage() {
  const { readOnly } = useOutletContext<{ readOnly: boolean }>();
  const { store, state } = useAutosave();
  const studentId = String(state.record.id);
  const queryClient = useQueryClient();
  const { data: files, error, refetch } = useFiles(studentId);

  async function refresh() {
    await queryClient.invalidateQueries({ queryKey: getFilesQueryOptions(studentId).queryKey });
    const latest = await getStudent(studentId);
    store.setProgress(latest.progress);
  }

  if (error) return <LoadFailed message={failureMessage(error, 'Your documents could not be loaded just now.')} onRetry={() => void refetch()} />;
  // With a document missing, uploading it is what the step needs (and an upload reviews the step).
  const missing = files ? documentTypeNames.filter((type) => !files.some((file) => file.type === type)) : [];
  return (
    <div className="lf-stack">
      {files && missing.length === 0 && <NothingChanged step="documents" kind="documents" readOnly={readOnly} />}
      {missing.length > 0 && !readOnly && (
        <LightAlert severity="info" role="status">
          {stillToUpload(missing)}
        </LightAlert>
      )}
      {slots.map((slot) => (
        <DocumentSlot
          key={slot.type}
          slot={slot}
          studentId={studentId}
          current={files?.find((file) => file.type === slot.type)}
          readOnly={readOnly}
          onChanged={refresh}
        />
      ))}
    </div>
  );
}
