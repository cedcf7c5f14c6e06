import { lazy, Suspense, type ComponentProps } from 'react';
import type { PdfDialog as PdfDialogType } from '../mui/pdf-dialog.tsx';
import { LoadingOverlay } from './loading-overlay.tsx';

/** The dialog inside MUI's theme, which a light screen does not carry: both come with the dialog's chunk. */
const PdfDialog = lazy(async () => {
  const [{ PdfDialog: Dialog }, { MuiTheme }] = await Promise.all([import('../mui/pdf-dialog.tsx'), import('../mui/mui-theme.tsx')]);
  return {
    default: (props: ComponentProps<typeof PdfDialogType>) => (
      <MuiTheme>
        <Dialog {...props} />
      </MuiTheme>
    ),
  };
});

/**
 * The PDF dialog, loaded when a screen first opens one: a list of report cards or the wizard draws
 * none at first, so a phone's first download of the screen carries none of it.
 */
export function LazyPdfDialog(props: ComponentProps<typeof PdfDialogType>) {
  return (
    <Suspense fallback={<LoadingOverlay open label={`Opening ${props.title}`} />}>
      <PdfDialog {...props} />
    </Suspense>
  );
}
