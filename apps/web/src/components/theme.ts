import { createTheme } from '@mui/material/styles';
import { brand } from './brand.ts';

/** SPEC §1: a dark blue primary and a red secondary. The system font stack keeps the first load light. */
export const theme = createTheme({
  palette: {
    primary: { main: brand.primary, contrastText: '#ffffff' },
    secondary: { main: brand.secondary, contrastText: '#ffffff' },
    error: { main: brand.error },
    background: { default: brand.background },
  },
  typography: {
    fontFamily: brand.fontFamily,
    h1: { fontSize: '2rem', fontWeight: 600 },
    h2: { fontSize: '1.5rem', fontWeight: 600 },
    h3: { fontSize: '1.25rem', fontWeight: 600 },
  },
  shape: { borderRadius: 8 },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
  },
});
