/**
 * The school's colours and type (SPEC §1: dark blue primary, red secondary): the one source for
 * MUI's theme and for the light stylesheet of the sign-in screens.
 */
export const brand = {
  primary: '#0b2a5b',
  primaryDark: '#071d40',
  secondary: '#b71c1c',
  background: '#f4f6fa',
  error: '#d32f2f',
  /** The system's own fonts: nothing to download before the first screen shows. */
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
} as const;

/** The brand as CSS custom properties, for the light stylesheet. */
export const brandCssVariables = {
  '--brand-primary': brand.primary,
  '--brand-primary-dark': brand.primaryDark,
  '--brand-background': brand.background,
  '--brand-error': brand.error,
  '--brand-font': brand.fontFamily,
} as const;
