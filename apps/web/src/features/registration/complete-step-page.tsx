import { registrationStepStates, type StepState } from '@school/contract';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useOutletContext } from 'react-router';
import { RegistrationComplete } from '../../components/registration-complete.tsx';
import { SaveIndicator } from '../../components/save-indicator.tsx';
import { useAutosave } from './autosave-context.tsx';
import { steps } from './steps.ts';
import type { StepContext } from './wizard-layout.tsx';

/** What a step still needs, in one sentence. */
function needs(state: StepState): string {
  const parts: string[] = [];
  if (state.missing.length > 0) parts.push(`Fill in: ${state.missing.join(', ')}.`);
  if (state.invalid.length > 0) parts.push(`Correct: ${state.invalid.join(', ')}.`);
  if (state.note) parts.push(state.note);
  return parts.join(' ');
}

/**
 * Step 6 (SPEC §2): each step's state (decision 026), then the school's terms and the agreement
 * checkbox, which can be ticked only once every step is complete; once it is, the confirmation
 * that the registration is complete.
 */
export default function CompleteStepPage() {
  const { readOnly, terms, academicYear, completedOn } = useOutletContext<StepContext>();
  const { store, state } = useAutosave();
  const agreed = store.value('agree_terms_conditions') === 1;
  const { reviewed } = state.progress;
  const states = registrationStepStates(store.current(), {
    // The Documents flag tells while the step is reviewed; before that, the Documents step itself shows what is missing.
    documentsComplete: state.progress.documents === 1 || reviewed.documents !== 1,
    reviewed: (key) => reviewed[key] === 1,
  });
  const incomplete = states.filter((step) => !step.complete);
  const pathOf = (key: StepState['key']) => `/registration/${steps.find((step) => step.flag === key)?.path ?? ''}`;
  const reason =
    incomplete.length > 0
      ? `You can agree once every step is complete: ${incomplete.map((step) => step.label).join(', ')} ${incomplete.length === 1 ? 'is' : 'are'} still incomplete.`
      : null;

  return (
    <Stack spacing={2}>
      <Paper component="section" aria-labelledby="steps-title" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="steps-title" variant="h3" component="h2" gutterBottom>
          Your registration
        </Typography>
        {state.progress.submit === 1 ? (
          <RegistrationComplete academicYear={academicYear} completedOn={completedOn} />
        ) : incomplete.length === 0 ? (
          <Alert severity="success">Every step is complete. Read the terms below and agree to finish your registration.</Alert>
        ) : (
          <Alert severity="info">
            {incomplete.length === 1 ? 'One step still needs' : `${incomplete.length} steps still need`} attention before you can agree to the terms.
          </Alert>
        )}
        <List aria-label="Step states">
          {states.map((step) => (
            <ListItem key={step.key} disableGutters alignItems="flex-start">
              <ListItemIcon sx={{ minWidth: 36, mt: 0.5 }}>
                {step.complete ? <CheckCircleIcon color="success" titleAccess="Done" /> : <ErrorOutlineIcon color="warning" titleAccess="Incomplete" />}
              </ListItemIcon>
              <ListItemText
                primary={
                  <Link component={RouterLink} to={pathOf(step.key)}>
                    {step.label}
                  </Link>
                }
                secondary={step.complete ? 'Done' : needs(step)}
              />
            </ListItem>
          ))}
        </List>
      </Paper>
      <Paper component="section" aria-labelledby="terms-title" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="terms-title" variant="h3" component="h2" gutterBottom>
          Terms and Conditions
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {terms.version}
        </Typography>
        <Stack component="ol" spacing={1} sx={{ pl: 3, mb: 2 }}>
          {terms.items.map((term) => (
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
                // Withdrawing stays possible; agreeing waits for every step.
                disabled={readOnly || (!agreed && incomplete.length > 0)}
                slotProps={{ input: { 'aria-describedby': reason ? 'agree-reason' : undefined } }}
                onChange={(event) => store.commit('agree_terms_conditions', event.target.checked ? 1 : 0)}
              />
            }
            label="I have read and agree to the terms and conditions."
          />
          <SaveIndicator status={state.status.get('agree_terms_conditions')} label="Agreement" />
        </Stack>
        {reason && !agreed && <FormHelperText id="agree-reason">{reason}</FormHelperText>}
        {state.errors.get('agree_terms_conditions') && <FormHelperText error>{state.errors.get('agree_terms_conditions')}</FormHelperText>}
      </Paper>
    </Stack>
  );
}
