import { createTheme } from '@mui/material/styles';

/** SPEC §1: a dark blue primary and a red secondary. The system font stack keeps the first load light. */
export const theme = createTheme({
  palette: {
    primary: { main: '#0b2a5b', contrastText: '#ffffff' },
    secondary: { main: '#b71c1c', contrastText: '#ffffff' },
    background: { default: '#f4f6fa' },
  },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    h1: { fontSize: '2rem', fontWeight: 600 },
    h2: { fontSize: '1.5rem', fontWeight: 600 },
    h3: { fontSize: '1.25rem', fontWeight: 600 },
  },
  shape: { borderRadius: 8 },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
  },
});
