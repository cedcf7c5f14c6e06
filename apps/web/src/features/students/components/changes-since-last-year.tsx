import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { StudentChanges } from '@school/contract/responses';
import { cardsOnPhone } from '../../../components/mui/table-cards.ts';

/** A value of the record, or a quiet 'Empty' when there was none. */
const Value = ({ text }: { text: string | null }) =>
  text === null ? (
    <Typography component="span" variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
      Empty
    </Typography>
  ) : (
    <>{text}</>
  );

/**
 * What she changed in her registration since last year's was kept: each field by its label, with
 * last year's value beside this year's. A first-year student, or one who changed nothing, is told so.
 */
export function ChangesSinceLastYear({ changes }: { changes: StudentChanges }) {
  const { since, fields } = changes;
  if (!since) return <Typography>She is new this year: no registration of hers was kept from last year to compare with.</Typography>;
  if (fields.length === 0) return <Typography>She has changed nothing in her registration since {since.label}.</Typography>;
  return (
    <Table size="small" aria-label={`Fields changed since ${since.label}`} sx={cardsOnPhone}>
      <TableHead>
        <TableRow>
          <TableCell>Field</TableCell>
          <TableCell>In {since.label}</TableCell>
          <TableCell>Now</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {fields.map((field) => (
          // On a phone each row is a card headed by its first cell, so that cell needs no label of its own.
          <TableRow key={field.name}>
            <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
              {field.label}
            </TableCell>
            <TableCell data-label={`In ${since.label}`}>
              <Value text={field.before} />
            </TableCell>
            <TableCell data-label="Now">
              <Value text={field.after} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
