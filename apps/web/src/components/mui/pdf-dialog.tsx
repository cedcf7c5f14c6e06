import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { messages } from '@school/contract/messages';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { fetchPdf, type PdfFile } from '../../api/fetch-pdf.ts';
import type { PdfViewerHandle } from './pdf-viewer.tsx';
import { Spinner } from './spinner.tsx';

/**
 * The viewer and pdf.js come only when a PDF is opened: they are no part of any screen's first load.
 * When they cannot be fetched (offline before they were ever kept), the PDF can still be downloaded.
 */
const PdfViewer = lazy(() => import('./pdf-viewer.tsx').catch(() => ({ default: ViewerUnavailable })));

function ViewerUnavailable() {
  return (
    <Alert severity="warning" sx={{ borderRadius: 0 }}>
      The document viewer could not be loaded. Download the document to open it on your device.
    </Alert>
  );
}

/** A link that saves the PDF's own bytes under the server's file name. */
function useDownloadUrl(file: PdfFile | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file) return;
    const made = URL.createObjectURL(file.blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return file ? url : undefined;
}

const opening = <Spinner centred label="Opening the document" />;

/**
 * A PDF from the portal in a dialog, full screen or full width, with a Close button (SPEC §2). The
 * PDF is drawn in the page by the portal's viewer on every device (decision 044), never in a frame:
 * phones' browsers show no PDF inside a page. Download saves the bytes the portal sent; Print prints
 * the pages as the viewer draws them. `source` is the PDF's address, or a PDF already fetched;
 * `guard` runs its fetch (the step-up hook's, for a PDF that may ask for a second factor first).
 */
export function PdfDialog({
  title,
  source,
  onClose,
  fullScreen = false,
  note,
  guard = (run) => run(),
}: {
  title: string;
  source: string | PdfFile;
  onClose: () => void;
  fullScreen?: boolean;
  note?: string;
  guard?: (run: () => Promise<PdfFile>) => Promise<PdfFile>;
}) {
  const url = typeof source === 'string' ? source : null;
  // Fetched once per opening (each view of a report card or form is recorded) and dropped at Close.
  const fetched = useQuery({
    queryKey: ['pdf', url],
    queryFn: ({ signal }) => guard(() => fetchPdf(url!, { signal, fallbackName: `${title}.pdf` })),
    enabled: url !== null,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const file = typeof source === 'string' ? fetched.data : source;
  // On a phone every PDF takes the whole screen: a page is hard enough to read at that width.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const downloadUrl = useDownloadUrl(file);
  const viewer = useRef<PdfViewerHandle>(null);
  const [printable, setPrintable] = useState(false);
  const [printing, setPrinting] = useState(false);
  const onReady = useCallback(() => setPrintable(true), []);
  async function print() {
    setPrinting(true);
    await viewer.current?.print();
    setPrinting(false);
  }
  const failure = fetched.error instanceof ApiError ? fetched.error.message : fetched.error ? messages.reportNotMade : null;
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen || phone} fullWidth maxWidth="lg" aria-labelledby="pdf-dialog-title">
      <DialogTitle id="pdf-dialog-title" sx={{ py: 1.5, fontSize: { xs: '1.1rem', sm: '1.25rem' } }}>
        {title}
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0, display: 'flex', flexDirection: 'column', height: fullScreen || phone ? undefined : '80vh' }}>
        {note && (
          <Alert severity="info" sx={{ borderRadius: 0 }}>
            {note}
          </Alert>
        )}
        {failure ? (
          <Alert
            severity="error"
            sx={{ borderRadius: 0 }}
            action={
              <Button color="inherit" size="small" onClick={() => void fetched.refetch()}>
                Try again
              </Button>
            }
          >
            {failure}
          </Alert>
        ) : file ? (
          <Suspense fallback={opening}>
            <PdfViewer ref={viewer} file={file} title={title} onReady={onReady} />
          </Suspense>
        ) : (
          opening
        )}
      </DialogContent>
      <DialogActions>
        {/* The first thing offered: a phone's own PDF reader shows the file best, and keeps it. */}
        <Button component="a" href={downloadUrl} download={file?.fileName} disabled={!downloadUrl} variant="contained" startIcon={<DownloadIcon />}>
          Download
        </Button>
        <Button onClick={() => void print()} disabled={!printable || printing} startIcon={printing ? <Spinner small /> : <PrintIcon />}>
          Print
        </Button>
        <Button onClick={onClose} variant="outlined">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
