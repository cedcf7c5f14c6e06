import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A screen's one h1, sized down on a phone. */
export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h1" sx={{ mb: 2, fontSize: { xs: '1.4rem', sm: '1.8rem' } }}>
      {children}
    </Typography>
  );
}
