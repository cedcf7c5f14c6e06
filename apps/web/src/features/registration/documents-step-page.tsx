import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { documentTypeNames, documentTypes } from '@school/contract/documents';
import { messages } from '@school/contract/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useOutletContext } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { failureMessage, LoadFailed } from '../../components/load-failed.tsx';
import { getStudent } from '../../api/get-student.ts';
import { deleteFile } from './api/delete-file.ts';
import { getFilesQueryOptions, useFiles, type UploadedFile } from './api/get-files.ts';
import { uploadFile } from './api/upload-file.ts';
import { useAutosave } from './autosave-context.tsx';
import { NothingChanged } from './components/nothing-changed.tsx';

const slots = documentTypeNames.map((type) => ({
  type,
  label: documentTypes[type].title,
  accept: documentTypes[type].format.accept,
  hint: documentTypes[type].format.hint,
}));

type Slot = (typeof slots)[number];

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
    <Paper component="section" aria-labelledby={`${inputId}-title`} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={`${inputId}-title`} variant="h3" component="h2">
        {slot.label}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {slot.hint}
      </Typography>
      {current && !resubmitting && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <Link ref={fileLink} href={current.url} target="_blank" rel="noopener" sx={{ wordBreak: 'break-all', flexGrow: 1 }}>
            {current.name}
          </Link>
          {!readOnly && (
            <Stack direction="row" spacing={1}>
              <Button
                variant="outlined"
                onClick={() => {
                  // The earlier upload's message does not belong beside a new, empty choice.
                  setNotice(null);
                  setResubmitting(true);
                  focusNext.current = 'chooser';
                }}
              >
                Resubmit
              </Button>
              <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
                Remove
              </Button>
            </Stack>
          )}
        </Stack>
      )}
      {showChooser && !readOnly && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <Button ref={chooser} component="label" variant="outlined" startIcon={<UploadFileIcon />} htmlFor={inputId}>
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
          </Button>
          <Typography sx={{ flexGrow: 1, wordBreak: 'break-all' }} color={chosen ? 'text.primary' : 'text.secondary'}>
            {chosen ? chosen.name : 'No file chosen'}
          </Typography>
          <Button variant="contained" onClick={upload} disabled={progress !== null}>
            Upload
          </Button>
          {resubmitting && (
            <Button
              onClick={() => {
                setResubmitting(false);
                focusNext.current = 'file';
              }}
            >
              Cancel
            </Button>
          )}
        </Stack>
      )}
      {!current && readOnly && <Typography color="text.secondary">Not uploaded.</Typography>}
      {progress !== null && (
        <Box sx={{ mt: 1.5 }}>
          <LinearProgress variant="determinate" value={progress} aria-label={`Uploading ${slot.label}`} />
          <Typography variant="body2">{progress}%</Typography>
        </Box>
      )}
      {notice && (
        <Alert severity={notice.severity} sx={{ mt: 1.5 }} role={notice.severity === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </Alert>
      )}
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby={`${inputId}-remove`}>
        <DialogTitle id={`${inputId}-remove`}>Remove {slot.label}?</DialogTitle>
        <DialogContent>The file {current?.name} will be deleted.</DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button color="error" variant="contained" onClick={remove}>
            Remove
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
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
  const allIn = slots.every((slot) => files?.some((file) => file.type === slot.type));
  return (
    <Stack spacing={2}>
      {allIn && <NothingChanged step="documents" kind="documents" readOnly={readOnly} />}
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
    </Stack>
  );
}
