import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from '../../lib/router/index.ts';
import { useSession } from '../../api/get-session.ts';

/** Where "back to the portal" leads: her dashboard when signed in, else the sign-in page. */
function homeOf(session: { authenticated: boolean; admin: boolean; restricted: boolean } | undefined): { to: string; label: string } {
  if (session?.authenticated && !session.restricted)
    return session.admin ? { to: '/admin/dashboard', label: 'Go to the dashboard' } : { to: '/dashboard', label: 'Go to your dashboard' };
  return { to: '/', label: 'Go to sign in' };
}

/** Any address the portal does not have: says so plainly, with a way back. */
export function NotFoundPage() {
  const { data: session } = useSession();
  const navigate = useNavigate();
  const home = homeOf(session);
  return (
    <Box component="main" sx={{ p: { xs: 1.5, sm: 3 } }}>
      <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720, mx: 'auto' }}>
        <Typography variant="h5" component="h1" gutterBottom>
          Page not found
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          There is no page at this address in the portal. Check the address, or go back.
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button variant="contained" component={RouterLink} to={home.to}>
            {home.label}
          </Button>
          <Button variant="outlined" onClick={() => navigate(-1)}>
            Go back
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
