import EditIcon from '@mui/icons-material/Edit';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { academicYearLabel } from '@school/contract/api-types';
import { useState } from 'react';
import { Link as RouterLink } from '../../lib/router/index.ts';
import { ApiError } from '../../api/client.ts';
import { PageTitle } from '../../components/light/page-title.tsx';
import { cardsOnPhone } from '../../components/mui/table-cards.ts';
import { DoneSnackbar } from '../../components/mui/done-snackbar.tsx';
import { usePostedTerms, type PostedTerm } from './api/get-posted-terms.ts';
import { usePostTermReports } from './api/post-term-reports.ts';

/** The row's words, as the search box matches them. */
const rowText = (row: PostedTerm) =>
  `${academicYearLabel(row.year)} ${row.term} ${row.posted ? 'posted' : 'not posted'} ${row.date_posted ?? ''}`.toLowerCase();

/**
 * `/admin/term-reports`, Post Term Reports (SPEC §2): every term with reports, whether it is
 * posted and when, with a search box; Edit asks 'Post {year} Term {n} reports?' and posts (Yes) or
 * withdraws (No), then a snackbar says which.
 */
export default function PostTermReportsPage() {
  const { data, isPending, error } = usePostedTerms();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<PostedTerm | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const rows = (data ?? []).filter((row) => rowText(row).includes(search.trim().toLowerCase()));

  return (
    <>
      <PageTitle>Post Term Reports</PageTitle>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Students see a term&apos;s report cards as soon as it is posted. To bring in a term&apos;s results, use{' '}
        <RouterLink to="/admin/term-results">Import Term Results</RouterLink>.
      </Typography>
      <TextField
        label="Search"
        size="small"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        sx={{ mb: 2, width: { xs: '100%', sm: 320 } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
      />
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          The terms could not be loaded. Please reload the page.
        </Alert>
      )}
      {isPending && <LinearProgress aria-label="Loading the terms" />}
      <TableContainer component={Paper} variant="outlined" tabIndex={0} role="region" aria-label="Terms and their reports" sx={{ px: { xs: 1.5, md: 0 } }}>
        <Table size="small" sx={cardsOnPhone}>
          <TableHead>
            <TableRow>
              <TableCell>Academic Year</TableCell>
              <TableCell>Term</TableCell>
              <TableCell>Posted</TableCell>
              <TableCell>Status</TableCell>
              <TableCell align="right">Edit</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={`${row.year}-${row.term}`}>
                <TableCell data-label="Academic Year">{academicYearLabel(row.year)}</TableCell>
                <TableCell data-label="Term">{row.term}</TableCell>
                <TableCell data-label="Posted">{row.posted ? 'posted' : 'not posted'}</TableCell>
                <TableCell data-label="Status">{row.date_posted ?? ''}</TableCell>
                <TableCell data-label="Edit" align="right">
                  <IconButton aria-label={`Edit ${academicYearLabel(row.year)} Term ${row.term}`} onClick={() => setEditing(row)}>
                    <EditIcon />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
            {data && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={5}>
                  {data.length === 0 ? 'No term has reports yet: import a term’s results first.' : 'No term matches the search.'}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {editing && <PostDialog term={editing} onClose={() => setEditing(null)} onDone={setDone} />}
      <DoneSnackbar message={done} onClose={() => setDone(null)} />
    </>
  );
}

/** 'Post {year} Term {n} reports?' with Cancel, No (withdraw) and Yes (post), and the progress while it works. */
function PostDialog({ term, onClose, onDone }: { term: PostedTerm; onClose: () => void; onDone: (message: string) => void }) {
  const mutation = usePostTermReports();
  const [posting, setPosting] = useState<boolean | null>(null);
  const label = `${academicYearLabel(term.year)} Term ${term.term}`;

  async function send(post: boolean) {
    setPosting(post);
    try {
      await mutation.mutateAsync({ year: term.year, term: term.term, posted: post ? 1 : 0 });
      onClose();
      onDone(post ? `${label} reports posted.` : `${label} reports removed.`);
    } catch {
      setPosting(null);
    }
  }

  const failure = mutation.error instanceof ApiError ? mutation.error.body.message : mutation.error ? 'The change could not be saved. Please try again.' : null;
  return (
    <Dialog open onClose={mutation.isPending ? undefined : onClose} aria-labelledby="post-term-title" fullWidth maxWidth="xs">
      <DialogTitle id="post-term-title">
        Post {term.year} Term {term.term} reports?
      </DialogTitle>
      <DialogContent>
        {posting === null && !failure && (
          <Typography>Yes posts the reports: students see them at once. No removes them. Now: {term.posted ? 'posted' : 'not posted'}.</Typography>
        )}
        {posting !== null && (
          <Box role="status">
            <Typography sx={{ mb: 1 }}>{posting ? 'Posting reports please stand by' : 'Removing reports please stand by'}</Typography>
            <LinearProgress aria-label={posting ? 'Posting reports' : 'Removing reports'} />
          </Box>
        )}
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={mutation.isPending}>
          Cancel
        </Button>
        <Button onClick={() => send(false)} disabled={mutation.isPending} color="secondary">
          No
        </Button>
        <Button onClick={() => send(true)} disabled={mutation.isPending} variant="contained">
          Yes
        </Button>
      </DialogActions>
    </Dialog>
  );
}
