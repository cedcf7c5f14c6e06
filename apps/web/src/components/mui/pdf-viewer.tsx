import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useEffect, useImperativeHandle, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import type { PdfFile } from '../../api/fetch-pdf.ts';
import { pageScale, ZOOM_STEPS, zoomIn, zoomOut } from '../pdf/page-scale.ts';
import { openPdf, RenderingCancelledException, type PDFDocumentProxy, type RenderTask } from '../pdf/pdf-reader.ts';
import { printPages } from '../pdf/print-pages.ts';
import { Spinner } from './spinner.tsx';

/** The space kept on each side of the page inside the viewer, in CSS pixels. */
const GUTTER = 8;

/** What the dialog around the viewer can ask of it. */
export type PdfViewerHandle = {
  /** Opens the browser's print dialog with every page (drawn for paper); resolves once it is open. */
  print(): Promise<void>;
};

/**
 * A PDF drawn in the page by pdf.js (phones show no PDF in a frame): one page at a time, as wide as
 * the viewer at 100 %, with page buttons and zoom; the dialog around it has Download and Print.
 * Loaded only when a PDF is opened: pdf.js is about as large as the rest of the portal.
 */
export default function PdfViewer({
  file,
  title,
  onReady,
  ref,
}: {
  file: PdfFile;
  title: string;
  /** Told once the document is open (Print can work). */
  onReady?: () => void;
  ref?: Ref<PdfViewerHandle>;
}) {
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [pageNumber, setPageNumber] = useState(1);
  const [zoom, setZoom] = useState(1);
  const [viewerWidth, setViewerWidth] = useState(0);
  const [drawn, setDrawn] = useState<string | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const printed = useRef<(() => void) | null>(null);

  useImperativeHandle(
    ref,
    () => ({
      async print() {
        if (!pdf) return;
        printed.current?.();
        try {
          printed.current = await printPages(pdf);
        } catch {
          setFailed(true);
        }
      },
    }),
    [pdf],
  );
  // Pages prepared for printing go with the viewer.
  useEffect(() => () => printed.current?.(), []);
  useEffect(() => {
    if (pdf) onReady?.();
  }, [pdf, onReady]);

  useEffect(() => {
    let live = true;
    let task: ReturnType<typeof openPdf> | undefined;
    file.blob
      .arrayBuffer()
      .then((bytes) => {
        if (!live) return null;
        task = openPdf(new Uint8Array(bytes));
        return task.promise;
      })
      .then(
        (opened) => live && opened && setPdf(opened),
        () => live && setFailed(true),
      );
    return () => {
      live = false;
      void task?.destroy();
    };
  }, [file.blob]);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    // The content box: the width inside the gutter, which the page fills at 100 %.
    const observer = new ResizeObserver(([entry]) => setViewerWidth(Math.floor(entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const target = canvas.current;
    if (!pdf || !target || viewerWidth <= 0) return;
    let live = true;
    let task: RenderTask | undefined;
    (async () => {
      const page = await pdf.getPage(pageNumber);
      if (!live) return;
      const paper = page.getViewport({ scale: 1 });
      const { cssScale, pixelRatio } = pageScale({
        pageWidth: paper.width,
        pageHeight: paper.height,
        viewerWidth,
        zoom,
        devicePixelRatio: window.devicePixelRatio || 1,
      });
      const viewport = page.getViewport({ scale: cssScale * pixelRatio });
      // Drawn aside, then shown at once: the page on screen stays until its replacement is ready.
      const offscreen = document.createElement('canvas');
      offscreen.width = Math.floor(viewport.width);
      offscreen.height = Math.floor(viewport.height);
      task = page.render({ canvas: offscreen, viewport });
      await task.promise;
      if (!live) return;
      target.width = offscreen.width;
      target.height = offscreen.height;
      target.style.width = `${Math.floor(paper.width * cssScale)}px`;
      target.style.height = `${Math.floor(paper.height * cssScale)}px`;
      target.getContext('2d')?.drawImage(offscreen, 0, 0);
      setDrawn(`${pageNumber}@${zoom}`);
    })().catch((error: unknown) => {
      if (live && !(error instanceof RenderingCancelledException)) setFailed(true);
    });
    return () => {
      live = false;
      task?.cancel();
    };
  }, [pdf, pageNumber, zoom, viewerWidth]);

  const pageCount = pdf?.numPages ?? 0;
  const goTo = (page: number) => {
    if (page < 1 || page > pageCount) return;
    setPageNumber(page);
    scroller.current?.scrollTo({ top: 0 });
  };

  /** PageDown and PageUp turn the page once the page in view is scrolled to its end; +, − and 0 zoom. */
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const area = event.currentTarget;
    const atBottom = area.scrollTop + area.clientHeight >= area.scrollHeight - 1;
    const atTop = area.scrollTop <= 0;
    const actions: Record<string, (() => void) | undefined> = {
      PageDown: atBottom && pageNumber < pageCount ? () => goTo(pageNumber + 1) : undefined,
      PageUp: atTop && pageNumber > 1 ? () => goTo(pageNumber - 1) : undefined,
      '+': () => setZoom(zoomIn),
      '=': () => setZoom(zoomIn),
      '-': () => setZoom(zoomOut),
      '0': () => setZoom(1),
    };
    const action = actions[event.key];
    if (!action || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    action();
  }

  const percent = `${Math.round(zoom * 100)}%`;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', px: 0.5, borderBottom: 1, borderColor: 'divider' }}>
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          <IconButton size="small" aria-label="Previous page" onClick={() => goTo(pageNumber - 1)} disabled={pageNumber <= 1}>
            <NavigateBeforeIcon />
          </IconButton>
          <Typography aria-live="polite" sx={{ minWidth: '6.5em', textAlign: 'center', fontSize: '0.9rem' }}>
            {pageCount ? `Page ${pageNumber} of ${pageCount}` : 'Opening…'}
          </Typography>
          <IconButton size="small" aria-label="Next page" onClick={() => goTo(pageNumber + 1)} disabled={pageNumber >= pageCount}>
            <NavigateNextIcon />
          </IconButton>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          <IconButton size="small" aria-label="Zoom out" onClick={() => setZoom(zoomOut)} disabled={!pdf || zoom <= ZOOM_STEPS[0]}>
            <ZoomOutIcon />
          </IconButton>
          <Typography aria-live="polite" sx={{ minWidth: '3.2em', textAlign: 'center', fontSize: '0.9rem' }}>
            {percent}
          </Typography>
          <IconButton size="small" aria-label="Zoom in" onClick={() => setZoom(zoomIn)} disabled={!pdf || zoom >= ZOOM_STEPS[ZOOM_STEPS.length - 1]}>
            <ZoomInIcon />
          </IconButton>
        </Box>
      </Box>
      {failed && (
        <Alert severity="error" sx={{ borderRadius: 0 }}>
          This document could not be shown here. Download it to open it on your device.
        </Alert>
      )}
      <Box
        ref={scroller}
        role="region"
        aria-label={pageCount ? `${title}, page ${pageNumber} of ${pageCount}` : title}
        tabIndex={0}
        onKeyDown={onKeyDown}
        sx={{
          flexGrow: 1,
          minHeight: 0,
          overflow: 'auto',
          scrollbarGutter: 'stable',
          bgcolor: 'grey.200',
          p: `${GUTTER}px`,
          '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: '-3px' },
        }}
      >
        {!pdf && !failed && <Spinner centred label="Opening the document" />}
        <canvas
          ref={canvas}
          role="img"
          aria-label={`Page ${pageNumber} of ${title}`}
          data-drawn={drawn ?? undefined}
          style={{ display: pdf ? 'block' : 'none', margin: '0 auto', background: '#fff', boxShadow: '0 1px 4px rgba(0,0,0,0.3)' }}
        />
      </Box>
    </Box>
  );
}
