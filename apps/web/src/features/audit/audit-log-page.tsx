import { auditActionInWords } from '@school/contract/audit-actions';
import { fileNames } from '@school/contract/file-names';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { messages } from '@school/contract/messages';
import type { AuditEntry } from '@school/contract/responses';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from '../../lib/router/index.ts';
import { ApiError } from '../../api/client.ts';
import { useSchoolTimeZone } from '../../api/get-school-config.ts';
import { PageTitle } from '../../components/light/page-title.tsx';
import { IsoDateField, UNFINISHED_DATE } from '../../components/mui/iso-date-field.tsx';
import { cardsOnPhone } from '../../components/mui/table-cards.ts';
import { Spinner } from '../../components/mui/spinner.tsx';
import { Pagination } from '../../components/mui/pagination.tsx';
import { formatCount, formatSchoolTime, today } from '../../lib/format-day.ts';
import { useStepUp } from '../../components/mui/step-up-dialog.tsx';
import { downloadAuditCsv } from './api/download-audit-csv.ts';
import { useAuditLog, type AuditFilters } from './api/get-audit-log.ts';

const filterNames = ['staff', 'student_id', 'action', 'from', 'to'] as const;
type FilterName = (typeof filterNames)[number];
type FilterValues = Record<FilterName, string>;

const filterFields: Array<{ name: FilterName; label: string; hint?: string; type?: 'date' }> = [
  { name: 'staff', label: 'Staff member', hint: 'Username' },
  { name: 'student_id', label: 'Student ID' },
  { name: 'action', label: 'Action', hint: 'A word, e.g. password' },
  { name: 'from', label: 'From', type: 'date' },
  { name: 'to', label: 'To', type: 'date' },
];

/** Who did it: the staff member (with her role), the student, or the account a failed sign-in tried. */
function who(entry: AuditEntry): string {
  if (entry.actor_kind === 'admin') return `${entry.actor ?? ''} (${entry.role ?? 'staff'})`;
  if (entry.actor_kind === 'student') return `Student ${entry.actor ?? ''}`;
  if (entry.actor_kind === 'visitor') return entry.actor ? `Not signed in (tried ${entry.actor})` : 'Not signed in';
  return 'The portal';
}

/**
 * `/admin/audit` (DESIGN §4, decision 050): the audit log, newest first, 50 entries a page read from
 * the server: who, what, which student, when and from where, filtered by staff member, student,
 * action and school days; the filters live in the address, so a filtered view can be shared, and the
 * CSV download holds every entry they match. On a phone each entry is a card.
 */
export default function AuditLogPage() {
  const [params, setParams] = useSearchParams();
  const applied = Object.fromEntries(filterNames.map((name) => [name, params.get(name) ?? ''])) as FilterValues;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query: AuditFilters = { ...applied, page: String(page) };
  const { data, error, isPending, isFetching } = useAuditLog(query);
  const [draft, setDraft] = useState<FilterValues>(applied);
  // Apply was pressed with a date typed only in part: its field says so, and nothing is asked.
  const [unfinishedRefused, setUnfinishedRefused] = useState(false);
  const [download, setDownload] = useState<'idle' | 'busy' | { failed: string }>('idle');
  const timeZone = useSchoolTimeZone();
  const { guard, dialog } = useStepUp();

  const show = (values: FilterValues, nextPage = 1) => {
    const next = new URLSearchParams(Object.entries(values).filter(([, value]) => value.trim() !== ''));
    if (nextPage > 1) next.set('page', String(nextPage));
    setParams(next);
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const unfinished = filterNames.some((name) => draft[name] === UNFINISHED_DATE);
    setUnfinishedRefused(unfinished);
    if (!unfinished) show(draft);
  };
  const clear = () => {
    const empty = Object.fromEntries(filterNames.map((name) => [name, ''])) as FilterValues;
    setDraft(empty);
    show(empty);
  };
  const downloadCsv = async () => {
    setDownload('busy');
    try {
      await guard(() => downloadAuditCsv(query, fileNames.auditLog(today())));
      setDownload('idle');
    } catch (caught) {
      setDownload({ failed: caught instanceof ApiError ? caught.firstMessage : 'The file could not be made. Please try again.' });
    }
  };

  return (
    <>
      <PageTitle>Audit Log</PageTitle>
      {dialog}
      <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Box component="form" onSubmit={apply} aria-label="Filter the audit log" sx={{ mb: 2 }}>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(5, 1fr)' } }}>
            {filterFields.map((field) =>
              field.type === 'date' ? (
                <IsoDateField
                  key={field.name}
                  label={field.label}
                  fullWidth
                  value={draft[field.name]}
                  onChange={(value) => setDraft({ ...draft, [field.name]: value })}
                  error={unfinishedRefused && draft[field.name] === UNFINISHED_DATE}
                  helperText={unfinishedRefused && draft[field.name] === UNFINISHED_DATE ? messages.invalidDate : undefined}
                />
              ) : (
                <TextField
                  key={field.name}
                  name={field.name}
                  label={field.label}
                  size="small"
                  value={draft[field.name]}
                  onChange={(event) => setDraft({ ...draft, [field.name]: event.target.value })}
                  helperText={field.hint}
                />
              ),
            )}
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1.5 }}>
            <Button type="submit" variant="contained">
              Apply filters
            </Button>
            <Button type="button" onClick={clear}>
              Clear filters
            </Button>
            <Box sx={{ flexGrow: 1 }} />
            <Button type="button" variant="outlined" startIcon={<DownloadIcon />} onClick={() => void downloadCsv()} disabled={download === 'busy'}>
              {download === 'busy' ? 'Preparing CSV…' : 'Download CSV'}
            </Button>
          </Stack>
        </Box>
        {typeof download === 'object' && (
          <Alert severity="error" sx={{ mb: 2 }} onClose={() => setDownload('idle')}>
            The CSV could not be downloaded: {download.failed}
          </Alert>
        )}
        {error ? (
          <Alert severity="error">{error instanceof ApiError ? error.firstMessage : 'The audit log could not be loaded. Please try again.'}</Alert>
        ) : isPending ? (
          <Spinner label="Loading the audit log" />
        ) : (
          <>
            <Typography color="text.secondary" role="status" sx={{ mb: 1 }}>
              {data.total === 1 ? '1 entry' : `${formatCount(data.total)} entries`}
              {isFetching ? ' (updating…)' : ''}
            </Typography>
            <Table size="small" aria-label="Audit log" sx={[{ '& th, & td': { px: 1, verticalAlign: 'top' } }, cardsOnPhone]}>
              <TableHead>
                <TableRow>
                  <TableCell>When</TableCell>
                  <TableCell>Who</TableCell>
                  <TableCell>What</TableCell>
                  <TableCell>Student</TableCell>
                  <TableCell>From</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.entries.map((entry) => (
                  <TableRow key={entry.id}>
                    <TableCell data-label="When" sx={{ whiteSpace: 'nowrap' }}>
                      {formatSchoolTime(entry.at, timeZone)}
                    </TableCell>
                    <TableCell data-label="Who">{who(entry)}</TableCell>
                    <TableCell data-label="What">
                      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                        {auditActionInWords(entry.action)}
                      </Typography>
                      {entry.detail && (
                        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                          {entry.detail}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell data-label="Student">{entry.student_id ?? '—'}</TableCell>
                    <TableCell data-label="From">{entry.ip ?? '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {data.entries.length === 0 && <Typography sx={{ mt: 2 }}>No entry matches these filters.</Typography>}
            <Pagination total={data.total} page={data.page} pageSize={data.page_size} onPage={(next) => show(applied, next)} />
          </>
        )}
      </Paper>
    </>
  );
}
