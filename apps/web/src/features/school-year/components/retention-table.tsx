import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { RetentionStudent } from '@school/contract';
import { cardsOnPhone } from '../../../components/mui/table-cards.ts';
import { formatDay } from '../../../lib/format-day.ts';

const nameOf = (student: RetentionStudent) => [student.first_name, student.last_name].filter(Boolean).join(' ') || student.student_id;

/** Students who have left, with when they left, when their data is due to be erased, and how much of it there is (counts only). */
export function RetentionTable({ students, label }: { students: readonly RetentionStudent[]; label: string }) {
  return (
    <Table size="small" aria-label={label} sx={cardsOnPhone}>
      <TableHead>
        <TableRow>
          <TableCell>Student</TableCell>
          <TableCell>Left on</TableCell>
          <TableCell>Due on</TableCell>
          <TableCell align="right">Health fields</TableCell>
          <TableCell align="right">In past years</TableCell>
          <TableCell align="right">Documents</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {students.map((student) => (
          <TableRow key={student.student_id}>
            <TableCell component="th" scope="row" data-label="Student" sx={{ fontWeight: { xs: 600, md: 'inherit' } }}>
              {nameOf(student)} ({student.student_id})
            </TableCell>
            <TableCell data-label="Left on">{formatDay(student.left_on)}</TableCell>
            <TableCell data-label="Due on">{formatDay(student.due_on)}</TableCell>
            <TableCell align="right" data-label="Health fields">
              {student.health_fields}
            </TableCell>
            <TableCell align="right" data-label="In past years">
              {student.snapshot_fields}
            </TableCell>
            <TableCell align="right" data-label="Documents">
              {student.documents}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
