import { createTheme } from '@mui/material/styles';
import { brand } from '../brand.ts';

/**
 * A focus ring on every control that takes the keyboard's focus (WCAG 2.2, 2.4.11 and 2.4.13): 3 px
 * of the dark blue, 2 px off the control, so it stands out from the control and the page alike;
 * white on the dark blue top bar. MUI marks a focused switch, checkbox or radio on the element
 * around its hidden input (`Mui-focusVisible`). A text field shows focus with its own 2 px border.
 * Written under `html` to outweigh the components' own `outline: 0`.
 */
const focusRing = {
  '& :focus-visible, & .Mui-focusVisible': { outline: `3px solid ${brand.primary}`, outlineOffset: 2 },
  '& .MuiAppBar-root :focus-visible, & .MuiAppBar-root .Mui-focusVisible': { outlineColor: '#ffffff' },
  '& .MuiInputBase-input:focus-visible': { outline: 'none' },
};

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
    MuiCssBaseline: { styleOverrides: { html: focusRing } },
  },
});
