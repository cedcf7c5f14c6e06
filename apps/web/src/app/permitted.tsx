import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from '../lib/router/index.ts';
import { messages } from '@school/contract/messages';
import type { Permission } from '@school/contract/staff-roles';
import { useMay } from '../lib/use-may.ts';

/** A staff screen, or in its place the plain word that her role may not use it (decision 048). */
export function Permitted({ permission, children }: { permission: Permission; children: ReactNode }) {
  const may = useMay();
  if (may(permission)) return <>{children}</>;
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {messages.noAccessToPage}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Your role does not include this page. Ask the school&apos;s admin if you need it.
      </Typography>
      <Box>
        <Button variant="contained" component={RouterLink} to="/admin/dashboard">
          Go to the dashboard
        </Button>
      </Box>
    </Paper>
  );
}
