import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';

/**
 * The choice an output offers of the students who have left (decision 069): left out, as in the
 * students table's total, unless ticked.
 */
export function LeaversChoice({ checked, onChange, disabled }: { checked: boolean; onChange: (checked: boolean) => void; disabled?: boolean }) {
  return (
    <FormControlLabel
      control={<Checkbox checked={checked} onChange={(event) => onChange(event.target.checked)} disabled={disabled} />}
      label="Include students who have left"
    />
  );
}
