import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useSchoolName } from '../../../api/school.ts';
import { SchoolCrest } from '../../../components/SchoolCrest.tsx';

/** The framed card of the sign-in screens: crest, school name, the screen's title and its form. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const schoolName = useSchoolName();
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: { xs: 1.5, sm: 3 }, bgcolor: 'background.default' }}>
      <Paper elevation={3} sx={{ width: '100%', maxWidth: 440, p: { xs: 2.5, sm: 4 } }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, mb: 2 }}>
          <SchoolCrest size={64} title={`${schoolName} crest`} />
          <Typography variant="h1" align="center" color="primary" sx={{ fontSize: { xs: '1.4rem', sm: '1.7rem' } }}>
            {schoolName}
          </Typography>
          <Typography variant="h2" align="center" color="text.secondary" sx={{ fontSize: '1.05rem', fontWeight: 500 }}>
            {title}
          </Typography>
        </Box>
        {children}
      </Paper>
    </Box>
  );
}
