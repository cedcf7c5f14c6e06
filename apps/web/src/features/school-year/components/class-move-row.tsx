import MenuItem from '@mui/material/MenuItem';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { completedFormReason, type YearClass } from '@school/contract';

/** Where a class goes: a class id, or null for Leaves, with the leavers' reason ('' for the default). */
export type ClassMove = { to: string | null; reason: string };

const LEAVES = 'leaves';

/** One class of the rollover table: its students and where they go, changeable to another class or Leaves. */
export function ClassMoveRow({
  entry,
  classes,
  move,
  onChange,
}: {
  entry: YearClass & { students: number };
  classes: readonly YearClass[];
  move: ClassMove;
  onChange: (move: ClassMove) => void;
}) {
  return (
    <TableRow>
      <TableCell component="th" scope="row" data-label="Class" sx={{ fontWeight: { xs: 600, md: 'inherit' } }}>
        {entry.class_id}
      </TableCell>
      <TableCell data-label="Students">{entry.students}</TableCell>
      <TableCell data-label="Next class">
        <TextField
          select
          size="small"
          label={`Next class for ${entry.class_id}`}
          value={move.to ?? LEAVES}
          onChange={(event) => onChange({ ...move, to: event.target.value === LEAVES ? null : event.target.value })}
          sx={{ minWidth: 180, mt: { xs: 1, md: 0 } }}
        >
          {classes.map((option) => (
            <MenuItem key={option.class_id} value={option.class_id}>
              {option.class_id}
            </MenuItem>
          ))}
          <MenuItem value={LEAVES}>Leaves</MenuItem>
        </TextField>
      </TableCell>
      <TableCell data-label="Why they leave">
        {move.to === null && (
          <TextField
            size="small"
            label={`Reason for ${entry.class_id}`}
            placeholder={completedFormReason(entry.form_level)}
            value={move.reason}
            onChange={(event) => onChange({ ...move, reason: event.target.value })}
            slotProps={{ htmlInput: { maxLength: 100 } }}
            sx={{ mt: { xs: 1, md: 0 } }}
          />
        )}
      </TableCell>
    </TableRow>
  );
}
