import { lazy, Suspense, type ComponentProps } from 'react';
import type { PdfDialog as PdfDialogType } from './pdf-dialog.tsx';
import { LoadingOverlay } from './loading-overlay.tsx';

const PdfDialog = lazy(async () => ({ default: (await import('./pdf-dialog.tsx')).PdfDialog }));

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
