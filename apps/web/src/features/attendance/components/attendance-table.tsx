import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { AttendanceRecord } from '@school/contract/responses';
import { useState } from 'react';

/** Late rows: dark red on a pale red, 6:1 contrast, and marked in words and with an icon as well. */
const lateRow = { bgcolor: '#fdecea', '& td': { color: '#8e1414', fontWeight: 600 } } as const;

const time = (value: string | null) => (value ? value.slice(0, 5) : '—');
const yesNo = (flag: number) => (flag === 1 ? 'Yes' : 'No');

/**
 * The search as the dates are written: digits typed as sign-in teaches (yyyymmdd, or the start of
 * it) get their dashes, so 20261103 finds 2026-11-03 and 202611 finds November.
 */
function asDashedDate(search: string): string {
  if (!/^\d{5,8}$/.test(search)) return search;
  return [search.slice(0, 4), search.slice(4, 6), search.slice(6)].filter(Boolean).join('-');
}

/** The details table (SPEC §2): Date, AM, PM, Late, Time In, Time Out; a 'Search Date' box; pages of 10 on a phone. */
export function AttendanceTable({ records }: { records: AttendanceRecord[] }) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState<number | null>(null);
  const rowsPerPage = perPage ?? (phone ? 10 : 25);
  const wanted = asDashedDate(search.trim());
  const shown = records.filter((record) => record.date_scanned.includes(wanted));
  const pageRows = shown.slice(page * rowsPerPage, (page + 1) * rowsPerPage);
  return (
    <Paper sx={{ p: { xs: 1, sm: 2 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography component="h2" variant="h3">
          Details
        </Typography>
        <TextField
          label="Search Date"
          placeholder="yyyy-MM-dd or yyyymmdd"
          size="small"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(0);
          }}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-describedby': 'search-date-help' } }}
        />
      </Box>
      <Typography id="search-date-help" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Type a date as 2026-11-03 or 20261103, or part of one (2026-11 for November).
      </Typography>
      <TableContainer tabIndex={0} role="region" aria-label="Attendance details">
        <Table size="small" aria-label="Attendance records">
          <TableHead>
            <TableRow>
              {['Date', 'AM', 'PM', 'Late', 'Time In', 'Time Out'].map((header) => (
                <TableCell key={header} sx={{ fontWeight: 700, px: { xs: 0.5, sm: 2 }, fontSize: { xs: '0.8rem', sm: '0.875rem' } }}>
                  {header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {pageRows.map((record) => (
              <TableRow key={record.date_scanned} sx={record.late === 1 ? lateRow : undefined} data-late={record.late === 1 ? 'true' : undefined}>
                <TableCell sx={{ whiteSpace: 'nowrap', px: { xs: 0.5, sm: 2 }, fontSize: { xs: '0.8rem', sm: '0.875rem' } }}>{record.date_scanned}</TableCell>
                <TableCell sx={{ px: { xs: 0.5, sm: 2 }, fontSize: { xs: '0.8rem', sm: '0.875rem' } }}>{yesNo(record.attendance_am)}</TableCell>
                <TableCell sx={{ px: { xs: 0.5, sm: 2 }, fontSize: { xs: '0.8rem', sm: '0.875rem' } }}>{yesNo(record.attendance_pm)}</TableCell>
                <TableCell sx={{ px: { xs: 0.5, sm: 2 }, fontSize: { xs: '0.8rem', sm: '0.875rem' } }}>
                  {record.late === 1 ? (
                    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                      <WarningAmberIcon fontSize="small" aria-hidden />
                      Late
                    </Box>
                  ) : (
                    'No'
                  )}
                </TableCell>
                <TableCell sx={{ px: { xs: 0.5, sm: 2 }, fontSize: { xs: '0.8rem', sm: '0.875rem' } }}>{time(record.time_in)}</TableCell>
                <TableCell sx={{ px: { xs: 0.5, sm: 2 }, fontSize: { xs: '0.8rem', sm: '0.875rem' } }}>{time(record.time_out)}</TableCell>
              </TableRow>
            ))}
            {pageRows.length === 0 && (
              <TableRow>
                <TableCell colSpan={6}>{search ? `No day matches “${search}”.` : 'No days recorded yet.'}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={shown.length}
        page={Math.min(page, Math.max(0, Math.ceil(shown.length / rowsPerPage) - 1))}
        onPageChange={(_event, next) => setPage(next)}
        rowsPerPage={rowsPerPage}
        rowsPerPageOptions={phone ? [10] : [10, 25, 100]}
        onRowsPerPageChange={(event) => {
          setPerPage(Number(event.target.value));
          setPage(0);
        }}
        labelRowsPerPage={phone ? '' : 'Days per page'}
      />
    </Paper>
  );
}
