import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { steps } from './steps.ts';

/**
 * The end of every step: Back to the step before and Continue to the next (from Complete, to the
 * dashboard, which shows the registration's state). Continue never waits for the step to be
 * complete; the Complete step says what is still missing.
 */
export function StepNavigation({ current }: { current: number }) {
  const previous = current > 0 ? `/registration/${steps[current - 1].path}` : null;
  const next = current < steps.length - 1 ? `/registration/${steps[current + 1].path}` : '/dashboard';
  return (
    <Box component="nav" aria-label="Step" sx={{ display: 'flex', gap: 2, justifyContent: 'space-between', mt: 3 }}>
      {previous ? (
        <Button component={RouterLink} to={previous} data-step-link variant="outlined" startIcon={<ArrowBackIcon />}>
          Back
        </Button>
      ) : (
        <span />
      )}
      <Button component={RouterLink} to={next} data-step-link variant="contained" endIcon={<ArrowForwardIcon />}>
        Continue
      </Button>
    </Box>
  );
}
