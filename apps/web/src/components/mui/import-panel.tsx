import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { messages } from '@school/contract/messages';
import type { ImportForms } from '@school/contract/requests';
import type { ImportAnswer } from '@school/contract/responses';
import { useId, useState, type ReactNode } from 'react';
import { ApiError } from '../../api/client.ts';
import { useImportProgress } from '../../api/get-import-progress.ts';
import { postImport, type ImportFields } from '../../api/post-import.ts';

export type ImportPanelProps<Url extends keyof ImportForms> = {
  /** The import call, e.g. '/api/term-results/import'; it takes `file`, `dry_run` and `fields`. */
  url: Url;
  /** Form fields sent with the file (year, term, mode, a mapping as JSON…); a change clears the preview. */
  fields: ImportFields<Url>;
  /** What the file chooser offers. */
  accept?: string;
  /** The figures of an answer, as label and number, e.g. `[['Students', answer.students]]`. */
  counts: (answer: ImportAnswer) => Array<[string, number]>;
  /** Why the file cannot be checked yet (a field still to choose); the buttons wait until it is undefined. */
  notReady?: string;
  /** Called once an import has been applied, e.g. to refresh a list or a history table. */
  onApplied?: (answer: ImportAnswer) => void;
  /** Called with every answer (a check or an import), e.g. to offer a column mapping when the file's headers differ. */
  onAnswer?: (answer: ImportAnswer) => void;
  /** The call answering how far a running import has got, polled while it is applied, and what its rows are (e.g. 'students'). */
  progress?: { url: string; noun: string };
  /** The controls of `fields`, shown above the file chooser. */
  children?: ReactNode;
};

type Stage =
  | { kind: 'idle' }
  | { kind: 'sending'; dryRun: boolean; percent: number; since: number }
  | { kind: 'checked' | 'applied'; answer: ImportAnswer }
  | { kind: 'failed'; message: string };

const figure = new Intl.NumberFormat('en-US');

const columnsOf = (rows: Array<Record<string, unknown>>) => [...new Set(rows.flatMap((row) => Object.keys(row)))];

/**
 * Every import's screen flow (DESIGN §3): choose a file, check it (a dry run that changes
 * nothing), read the counts, the first rows and every row error, then confirm to import. A file
 * with errors cannot be imported; changing the file or a field starts again from the check.
 */
export function ImportPanel<Url extends keyof ImportForms>({
  url,
  fields,
  accept = '.xlsx,.csv',
  counts,
  notReady,
  onApplied,
  onAnswer,
  progress,
  children,
}: ImportPanelProps<Url>) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState<{ key: string; stage: Stage }>({ key: '', stage: { kind: 'idle' } });
  // A preview belongs to one file with one set of fields: any change starts again from the check.
  const key = JSON.stringify([fields, file?.name, file?.size, file?.lastModified]);
  const stage: Stage = sent.key === key ? sent.stage : { kind: 'idle' };
  const setStage = (next: Stage) => setSent({ key, stage: next });

  async function send(dryRun: boolean) {
    if (!file) return setStage({ kind: 'failed', message: messages.selectFile });
    const since = Date.now();
    setStage({ kind: 'sending', dryRun, percent: 0, since });
    try {
      const answer = await postImport(url, fields, { dryRun, file }, (percent) => setStage({ kind: 'sending', dryRun, percent, since }));
      setStage({ kind: dryRun || answer.errors.length > 0 ? 'checked' : 'applied', answer });
      onAnswer?.(answer);
      if (!dryRun && answer.errors.length === 0) onApplied?.(answer);
    } catch (caught) {
      const message = caught instanceof ApiError ? caught.firstMessage : messages.fileNotSent;
      setStage({ kind: 'failed', message: message || messages.fileNotSent });
    }
  }

  const answer = stage.kind === 'checked' || stage.kind === 'applied' ? stage.answer : null;
  const sending = stage.kind === 'sending';
  // While an import (not a check) is open, the server tells how many rows it has written so far.
  const polled = useImportProgress(progress?.url, sending && !stage.dryRun);
  const applying =
    stage.kind === 'sending' && !stage.dryRun && polled.data?.running && polled.data.total > 0 && polled.dataUpdatedAt >= stage.since ? polled.data : null;
  return (
    <Stack spacing={2}>
      {children}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} htmlFor={inputId} disabled={sending}>
          Choose file
          <input
            id={inputId}
            type="file"
            accept={accept}
            hidden
            aria-label="Choose the file to import"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </Button>
        <Typography sx={{ flexGrow: 1, wordBreak: 'break-all' }} color={file ? 'text.primary' : 'text.secondary'}>
          {file ? file.name : 'No file chosen'}
        </Typography>
        <Button variant="contained" onClick={() => send(true)} disabled={sending || Boolean(notReady)}>
          Check file
        </Button>
      </Stack>
      {notReady && <Typography color="text.secondary">{notReady}</Typography>}
      {applying ? (
        <Box>
          <LinearProgress variant="determinate" value={Math.round((applying.done / applying.total) * 100)} aria-label="Importing" />
          <Typography variant="body2">
            Imported {figure.format(applying.done)} of {figure.format(applying.total)} {progress?.noun}
          </Typography>
        </Box>
      ) : (
        stage.kind === 'sending' && (
          <Box>
            <LinearProgress
              variant={stage.percent < 100 ? 'determinate' : 'indeterminate'}
              value={stage.percent}
              aria-label={stage.dryRun ? 'Checking the file' : 'Importing'}
            />
            <Typography variant="body2">
              {stage.percent < 100 ? `Sending the file: ${stage.percent}%` : stage.dryRun ? 'Checking the file…' : 'Importing…'}
            </Typography>
          </Box>
        )
      )}
      {stage.kind === 'failed' && (
        <Alert severity="error" role="alert">
          {stage.message}
        </Alert>
      )}
      {answer && <ImportResult answer={answer} applied={stage.kind === 'applied'} counts={counts(answer)} />}
      {stage.kind === 'checked' && answer && answer.errors.length === 0 && (
        <Box>
          <Button variant="contained" color="secondary" onClick={() => send(false)}>
            Import
          </Button>
        </Box>
      )}
    </Stack>
  );
}

/** What a check or an import found: the figures, the first rows, and every row error. */
function ImportResult({ answer, applied, counts }: { answer: ImportAnswer; applied: boolean; counts: Array<[string, number]> }) {
  const problems = answer.errors.length;
  const preview = answer.preview ?? [];
  const previewColumns = columnsOf(preview);
  return (
    <Stack spacing={2}>
      {problems > 0 ? (
        <Alert severity="error" role="alert">
          The file has {problems} {problems === 1 ? 'problem' : 'problems'}, listed below. Nothing was imported: correct the file and check it again.
        </Alert>
      ) : applied ? (
        <Alert severity="success" role="status">
          The file was imported.
        </Alert>
      ) : (
        <Alert severity="info" role="status">
          The file is ready to import. Nothing has been changed yet: check the figures, then press Import.
        </Alert>
      )}
      <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Figures of the import">
        {counts.map(([label, value]) => (
          <Box key={label}>
            <Typography variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography sx={{ fontSize: '1.4rem', fontWeight: 600 }}>{value}</Typography>
          </Box>
        ))}
      </Stack>
      {problems > 0 && (
        <ScrollTable
          caption="Problems found in the file"
          head={['Row', 'Column', 'Problem']}
          rows={answer.errors.map((error) => [error.row === 0 ? 'File' : String(error.row), error.column ?? '', error.message])}
        />
      )}
      {problems === 0 && preview.length > 0 && (
        <ScrollTable caption="The first rows" head={previewColumns} rows={preview.map((row) => previewColumns.map((column) => String(row[column] ?? '')))} />
      )}
    </Stack>
  );
}

/** A captioned table that scrolls inside itself on a small screen or with many rows. */
function ScrollTable({ caption, head, rows }: { caption: string; head: string[]; rows: string[][] }) {
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ maxHeight: 420 }} tabIndex={0} role="region" aria-label={caption}>
      <Table size="small" stickyHeader>
        <caption style={{ captionSide: 'top', textAlign: 'left', fontWeight: 600 }}>{caption}</caption>
        <TableHead>
          <TableRow>
            {head.map((cell) => (
              <TableCell key={cell}>{cell}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, index) => (
            <TableRow key={index}>
              {row.map((cell, column) => (
                <TableCell key={column} sx={{ wordBreak: 'break-word' }}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
