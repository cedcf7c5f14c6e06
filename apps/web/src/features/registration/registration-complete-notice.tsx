import type { ComponentProps } from 'react';
import { MuiTheme } from '../../components/mui-theme.tsx';
import { RegistrationComplete } from '../../components/registration-complete.tsx';

/**
 * The confirmation of a complete registration, still drawn with MUI: loaded on its own, with MUI's
 * theme, so the Complete step itself draws without MUI.
 */
export function RegistrationCompleteNotice(props: ComponentProps<typeof RegistrationComplete>) {
  return (
    <MuiTheme>
      <RegistrationComplete {...props} />
    </MuiTheme>
  );
}
