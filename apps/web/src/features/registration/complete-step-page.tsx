import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useOutletContext } from 'react-router';
import { useAutosave } from './autosave-context.tsx';
import { SaveIndicator } from '../../components/save-indicator.tsx';

/** The version of the terms a student agrees to; stored with her agreement. */
export const TERMS_VERSION = 'Registration terms 2026-2027';

const terms = [
  'The information I have given in this registration record is true and complete to the best of my knowledge.',
  'I will tell the school office at once if any of it changes, especially contact numbers, the emergency contact and health information.',
  'The school may use this information for the education, safety and welfare of the student, and share health information with staff who need it to care for her.',
  'In an emergency the school may seek medical attention for the student when a parent or guardian cannot be reached.',
  'The student will keep the rules of the school, and her parents or guardians will support the school in upholding them.',
];

/** Step 6 (SPEC §2): the terms and conditions and the agreement checkbox, saved at once. */
export default function CompleteStepPage() {
  const { readOnly } = useOutletContext<{ readOnly: boolean }>();
  const { store, state } = useAutosave();
  const agreed = store.value('agree_terms_conditions') === 1;
  return (
    <Paper component="section" aria-labelledby="terms-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="terms-title" variant="h3" component="h2" gutterBottom>
        Terms and Conditions
      </Typography>
      <Stack component="ol" spacing={1} sx={{ pl: 3, mb: 2 }}>
        {terms.map((term) => (
          <Typography component="li" key={term}>
            {term}
          </Typography>
        ))}
      </Stack>
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <FormControlLabel
          control={
            <Checkbox
              checked={agreed}
              disabled={readOnly}
              onChange={(event) => {
                store.commit('terms_and_conditions', event.target.checked ? TERMS_VERSION : null);
                store.commit('agree_terms_conditions', event.target.checked ? 1 : 0);
              }}
            />
          }
          label="I have read and agree to the terms and conditions."
        />
        <SaveIndicator status={state.status.get('agree_terms_conditions')} label="Agreement" />
      </Stack>
    </Paper>
  );
}
