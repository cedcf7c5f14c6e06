import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { theme } from './theme.ts';

/**
 * MUI's theme (and, for whole screens, its global styles) around MUI components. The sign-in
 * screens do without it (decision 008), so it loads with the first screen that needs it.
 */
export function MuiTheme({ children, baseline = false }: { children: ReactNode; baseline?: boolean }) {
  return (
    <ThemeProvider theme={theme}>
      {baseline && <CssBaseline />}
      {children}
    </ThemeProvider>
  );
}
