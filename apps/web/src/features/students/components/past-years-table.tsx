import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { StudentHistory } from '@school/contract/responses';
import { cardsOnPhone } from '../../../components/mui/table-cards.ts';
import { pastYears } from './past-years.ts';

/** Her past years at the portal, newest first: her class, when she submitted, and which fields she changed in the year after. */
export function PastYearsTable({ history }: { history: StudentHistory }) {
  if (history.length === 0) return <Typography>No past year is kept yet: her registration is kept at each rollover into a new school year.</Typography>;
  return (
    <Table size="small" aria-label="Past years" sx={cardsOnPhone}>
      <TableHead>
        <TableRow>
          <TableCell>Academic Year</TableCell>
          <TableCell>Class</TableCell>
          <TableCell>Submitted</TableCell>
          <TableCell>Changed in the year after</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {pastYears(history).map((year) => (
          // On a phone each row is a card headed by its first cell, so that cell needs no label of its own.
          <TableRow key={year.year}>
            <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
              {year.label}
            </TableCell>
            <TableCell data-label="Class">{year.classId}</TableCell>
            <TableCell data-label="Submitted">{year.submitted}</TableCell>
            <TableCell data-label="Changed in the year after">{year.changed}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
