import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { termNames } from '@school/contract/api-types';
import type { ImportForms } from '@school/contract/requests';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ImportPanel } from '../../components/mui/import-panel.tsx';
import { PageTitle } from '../../components/light/page-title.tsx';
import { today } from '../../lib/format-day.ts';
import { getPostedTermsQueryOptions } from './api/get-posted-terms.ts';

/** '1', '2' or '3': the term a file is for, as the import calls take it. */
type TermNumber = ImportForms['/api/term-results/import']['term'];

/** The academic year a date falls in: September starts a new one. */
function currentYear(day = today()): number {
  const [year, month] = day.split('-').map(Number);
  return month >= 9 ? year : year - 1;
}

/** The year and term every file of this screen is for. */
function TermFields({ year, term, onYear, onTerm }: { year: string; term: TermNumber; onYear: (value: string) => void; onTerm: (value: TermNumber) => void }) {
  const yearOk = /^\d{4}$/.test(year);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        label="Academic year starting"
        value={year}
        onChange={(event) => onYear(event.target.value.replace(/\D/g, '').slice(0, 4))}
        error={!yearOk}
        helperText={yearOk ? `${year}-${Number(year) + 1}` : 'Four digits, e.g. 2026'}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        sx={{ width: { sm: 200 } }}
      />
      <TextField select label="Term" value={term} onChange={(event) => onTerm(event.target.value as TermNumber)} sx={{ width: { sm: 220 } }}>
        {Object.entries(termNames).map(([number, name]) => (
          <MenuItem key={number} value={number}>
            Term {number}, {name}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}

/**
 * `/admin/term-results`, Import Term Results (DESIGN §5): a term's results from the template
 * (checked first, imported on confirmation), or the school's own report cards as a ZIP of PDFs.
 */
export default function ImportTermResultsPage() {
  const client = useQueryClient();
  const [year, setYear] = useState(String(currentYear()));
  const [term, setTerm] = useState<TermNumber>('1');
  const notReady = /^\d{4}$/.test(year) ? undefined : 'Enter the academic year first.';
  const refresh = () => client.invalidateQueries({ queryKey: getPostedTermsQueryOptions().queryKey });

  return (
    <>
      <PageTitle>Import Term Results</PageTitle>
      <Stack spacing={3} sx={{ maxWidth: 900 }}>
        <TermFields year={year} term={term} onYear={setYear} onTerm={setTerm} />
        <section aria-labelledby="results-heading">
          <Typography variant="h2" id="results-heading" sx={{ fontSize: '1.2rem', fontWeight: 600, mb: 1 }}>
            Results from the template
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            One row per student and subject (Student ID, Subject, Mark 0–100 or blank when absent, Comment); the second sheet holds each student&apos;s form
            teacher and principal remarks and conduct. Importing a corrected file replaces the term&apos;s results of the students in it.
          </Typography>
          <Button href="/api/term-results/template" startIcon={<DownloadIcon />} variant="text" sx={{ mb: 2 }}>
            Download the template
          </Button>
          <ImportPanel
            url="/api/term-results/import"
            fields={{ year, term }}
            notReady={notReady}
            counts={(answer) => [
              ['Students', Number(answer.students ?? 0)],
              ['Results', Number(answer.results ?? 0)],
            ]}
            onApplied={refresh}
          />
        </section>
        <Divider />
        <section aria-labelledby="cards-heading">
          <Typography variant="h2" id="cards-heading" sx={{ fontSize: '1.2rem', fontWeight: 600, mb: 1 }}>
            Or: report cards made elsewhere
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            One ZIP file of PDFs, each named by the student ID (20260001.pdf), with no folders. A student with an uploaded card gets it instead of the one made
            from her results.
          </Typography>
          <ImportPanel
            url="/api/report-cards/upload"
            accept=".zip"
            fields={{ year, term }}
            notReady={notReady}
            counts={(answer) => [['Report cards', Number(answer.cards ?? 0)]]}
            onApplied={refresh}
          />
        </section>
      </Stack>
    </>
  );
}
