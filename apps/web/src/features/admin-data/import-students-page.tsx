import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { StudentImportMode } from '@school/contract/responses';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSchoolTimeZone } from '../../api/get-school-config.ts';
import { ImportPanel } from '../../components/mui/import-panel.tsx';
import { PageTitle } from '../../components/light/page-title.tsx';
import { cardsOnPhone } from '../../components/mui/table-cards.ts';
import { formatSchoolTime } from '../../lib/format-day.ts';
import { getStudentImportsQueryOptions, useStudentImports } from './api/get-student-imports.ts';
import { ColumnMappingStep, unmatchedColumns, unusedHeaders, type ColumnMapping } from './components/column-mapping.tsx';

const count = (value: unknown) => (typeof value === 'number' ? value : 0);

/**
 * `/admin/import` (SPEC §2 Import Students): the template, the mode, the shared import flow
 * (check, read every problem, then import), a mapping step when the file's headers differ, and
 * the history of past imports.
 */
export default function ImportStudentsPage() {
  const [mode, setMode] = useState<StudentImportMode>('insert');
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [fileHeaders, setFileHeaders] = useState<string[] | null>(null);
  const queryClient = useQueryClient();
  const history = useStudentImports();
  const timeZone = useSchoolTimeZone();
  const missing = fileHeaders ? unmatchedColumns(fileHeaders) : [];
  // The mapping step appears only when the file has headers of its own and some expected column was not found.
  const showMapping = fileHeaders !== null && missing.length > 0 && unusedHeaders(fileHeaders).length > 0;

  return (
    <>
      <PageTitle>Import Students</PageTitle>
      <Stack spacing={2}>
        <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
          <Stack spacing={2}>
            <Typography>
              Bring in a new intake or class changes from an Excel workbook (.xlsx) or a CSV file. Each row is one student, found by her student ID. A new
              student signs in the first time with her date of birth (yyyymmdd).
            </Typography>
            <div>
              <Button variant="outlined" startIcon={<DownloadIcon />} href="/api/student-import/template" download>
                Download the template
              </Button>
            </div>
            <ImportPanel
              url="/api/student-import"
              progress={{ url: '/api/student-import/progress', noun: 'students' }}
              fields={{ mode, mapping: JSON.stringify(mapping) }}
              counts={(answer) => [
                ['New students', count(answer.inserted)],
                ['Updated', count(answer.updated)],
                ['Unchanged', count(answer.unchanged)],
              ]}
              onAnswer={(answer) => setFileHeaders(Array.isArray(answer.headers) ? (answer.headers as string[]) : null)}
              onApplied={() => {
                void queryClient.invalidateQueries({ queryKey: getStudentImportsQueryOptions().queryKey });
                void queryClient.invalidateQueries({ queryKey: ['students'] });
              }}
            >
              <FormControl>
                <FormLabel id="import-mode-label">Students already in the portal</FormLabel>
                <RadioGroup row aria-labelledby="import-mode-label" value={mode} onChange={(event) => setMode(event.target.value as StudentImportMode)}>
                  <FormControlLabel value="insert" control={<Radio />} label="Add new students only (an existing ID is an error)" />
                  <FormControlLabel value="upsert" control={<Radio />} label="Add or update (only the file's columns change)" />
                </RadioGroup>
              </FormControl>
              {showMapping && <ColumnMappingStep headers={fileHeaders} missing={missing} mapping={mapping} onChange={setMapping} />}
            </ImportPanel>
          </Stack>
        </Paper>
        <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
          <Typography variant="h2" sx={{ fontSize: '1.2rem', fontWeight: 600, mb: 1 }}>
            Past imports
          </Typography>
          {history.error ? (
            <Alert severity="error">The history could not be loaded.</Alert>
          ) : (history.data ?? []).length === 0 ? (
            <Typography color="text.secondary">{history.isPending ? 'Loading…' : 'No students have been imported yet.'}</Typography>
          ) : (
            <TableContainer tabIndex={0} role="region" aria-label="Past imports, scrollable">
              <Table size="small" aria-label="Past imports" sx={[{ minWidth: 560 }, cardsOnPhone]}>
                <TableHead>
                  <TableRow>
                    <TableCell>When</TableCell>
                    <TableCell>Who</TableCell>
                    <TableCell>File</TableCell>
                    <TableCell align="right">New</TableCell>
                    <TableCell align="right">Updated</TableCell>
                    <TableCell align="right">Unchanged</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {history.data!.map((entry) => (
                    <TableRow key={entry.id}>
                      <TableCell data-label="When" sx={{ whiteSpace: 'nowrap' }}>
                        {formatSchoolTime(entry.at, timeZone)}
                      </TableCell>
                      <TableCell data-label="Who">{entry.admin}</TableCell>
                      {/* A long name breaks where it must, never a letter a line. */}
                      <TableCell data-label="File" sx={{ overflowWrap: 'anywhere', minWidth: { md: 160 } }}>
                        {entry.file_name} ({entry.mode === 'insert' ? 'add' : 'add or update'}){entry.outcome === 'imported' ? null : ` — ${entry.outcome}`}
                      </TableCell>
                      <TableCell data-label="New" align="right">
                        {entry.inserted}
                      </TableCell>
                      <TableCell data-label="Updated" align="right">
                        {entry.updated}
                      </TableCell>
                      <TableCell data-label="Unchanged" align="right">
                        {entry.unchanged}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </Paper>
      </Stack>
    </>
  );
}
