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
import { fitScale, MAX_ZOOM, MIN_ZOOM, openingZoom, pageScale, pinchedZoom, scaleOf, zoomIn, zoomLabel, zoomOut, type Zoom } from '../pdf/page-scale.ts';
import { openPdf, RenderingCancelledException, type PDFDocumentProxy, type PDFPageProxy, type RenderTask } from '../pdf/pdf-reader.ts';
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
 * A point of the page held in place while it is zoomed: where it is on the page (parts of its
 * width and height) and where in the viewer it is to be (CSS pixels from its top left corner).
 */
type HeldPlace = { x: number; y: number; atX: number; atY: number };

/** The point of the page at (`atX`, `atY`) of the viewer. */
function placeOf(area: HTMLElement, page: HTMLElement, atX: number, atY: number): HeldPlace | null {
  const box = page.getBoundingClientRect();
  const view = area.getBoundingClientRect();
  if (box.width <= 0 || box.height <= 0) return null;
  return { x: (view.left + atX - box.left) / box.width, y: (view.top + atY - box.top) / box.height, atX, atY };
}

/** Scrolls the viewer so that the held point of the page, drawn at its new size, is where it was. */
function keepPlace(area: HTMLElement | null, page: HTMLElement, held: HeldPlace | null) {
  if (!area || !held) return;
  const box = page.getBoundingClientRect();
  const view = area.getBoundingClientRect();
  area.scrollLeft += box.left + held.x * box.width - (view.left + held.atX);
  area.scrollTop += box.top + held.y * box.height - (view.top + held.atY);
}

/**
 * A PDF drawn in the page by pdf.js (phones show no PDF in a frame): one page at a time, with page
 * buttons and zoom; the dialog around it has Download and Print. It opens as wide as the viewer
 * where the page's true size would not fit (a phone: 'Fit width'), else at its true size ('100%');
 * the zoom buttons, + and −, and a pinch enlarge it, scrolling both ways and keeping in place the
 * point she was looking at. Loaded only when a PDF is opened: pdf.js is about as large as the rest
 * of the portal.
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
  const [page, setPage] = useState<PDFPageProxy | null>(null);
  // Her zoom, once she has chosen one; until then the opening zoom, which follows the viewer's width.
  const [chosen, setChosen] = useState<Zoom | null>(null);
  const [viewerWidth, setViewerWidth] = useState(0);
  const [drawn, setDrawn] = useState<string | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const printed = useRef<(() => void) | null>(null);
  const held = useRef<HeldPlace | null>(null);

  const paperWidth = page?.getViewport({ scale: 1 }).width ?? 612;
  const fit = fitScale(paperWidth, viewerWidth);
  const zoom = chosen ?? openingZoom(fit);
  const scale = scaleOf(zoom, fit);
  // What the pinch, whose listeners are set once, reads of the zoom now.
  const now = useRef({ scale, fit });
  now.current = { scale, fit };

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
    // The content box: the width inside the gutter, which the page fills at Fit width.
    const observer = new ResizeObserver(([entry]) => setViewerWidth(Math.floor(entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!pdf) return;
    let live = true;
    pdf.getPage(pageNumber).then(
      (opened) => live && setPage(opened),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [pdf, pageNumber]);

  useEffect(() => {
    const target = canvas.current;
    if (!page || !target || viewerWidth <= 0) return;
    let live = true;
    let task: RenderTask | undefined;
    (async () => {
      const paper = page.getViewport({ scale: 1 });
      const { cssScale, pixelRatio } = pageScale({
        pageWidth: paper.width,
        pageHeight: paper.height,
        scale,
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
      target.style.width = `${Math.floor(paper.width * cssScale)}px`;
      target.height = offscreen.height;
      target.style.height = `${Math.floor(paper.height * cssScale)}px`;
      target.style.transform = '';
      target.getContext('2d')?.drawImage(offscreen, 0, 0);
      keepPlace(scroller.current, target, held.current);
      held.current = null;
      setDrawn(`${page.pageNumber}@${zoom}`);
    })().catch((error: unknown) => {
      if (live && !(error instanceof RenderingCancelledException)) setFailed(true);
    });
    return () => {
      live = false;
      task?.cancel();
    };
    // `zoom` names the drawing; the drawing itself follows `scale`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, scale, viewerWidth]);

  /** Remembers which point of the page is at (`atX`, `atY`) of the viewer (its middle by default), to keep it there once redrawn. */
  function holdPlace(atX?: number, atY?: number) {
    const area = scroller.current;
    if (area && canvas.current) held.current = placeOf(area, canvas.current, atX ?? area.clientWidth / 2, atY ?? area.clientHeight / 2);
  }

  /** Zooms to `next`, keeping the middle of what she sees where it is. */
  function zoomTo(next: Zoom | null) {
    if ((next ?? openingZoom(fit)) === zoom) return;
    holdPlace();
    setChosen(next);
  }

  // Pinching the page zooms it (the browser's own pinch would zoom the whole screen, buttons and all).
  useEffect(() => {
    const area = scroller.current;
    if (!area) return;
    let pinch: { distance: number; x: number; y: number; ratio: number } | null = null;
    const fingers = (touches: TouchList) => {
      const [a, b] = [touches[0], touches[1]];
      const box = area.getBoundingClientRect();
      return {
        distance: Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY) || 1,
        x: (a.clientX + b.clientX) / 2 - box.left,
        y: (a.clientY + b.clientY) / 2 - box.top,
      };
    };
    const start = (event: TouchEvent) => {
      const target = canvas.current;
      if (event.touches.length !== 2 || !target) return;
      pinch = { ...fingers(event.touches), ratio: 1 };
      held.current = placeOf(area, target, pinch.x, pinch.y);
    };
    const move = (event: TouchEvent) => {
      const target = canvas.current;
      const place = held.current;
      if (!pinch || event.touches.length !== 2 || !target || !place) return;
      event.preventDefault();
      const at = fingers(event.touches);
      const { scale: current } = now.current;
      pinch.ratio = Math.min(Math.max(at.distance / pinch.distance, MIN_ZOOM / current), MAX_ZOOM / current);
      // Until it is drawn again, the page is stretched about the point between her fingers, which follows them.
      target.style.transformOrigin = `${place.x * target.offsetWidth}px ${place.y * target.offsetHeight}px`;
      target.style.transform = `translate(${at.x - pinch.x}px, ${at.y - pinch.y}px) scale(${pinch.ratio})`;
      held.current = { ...place, atX: at.x, atY: at.y };
    };
    const end = (event: TouchEvent) => {
      if (!pinch || event.touches.length >= 2) return;
      const { scale: current, fit: fitNow } = now.current;
      const next = pinchedZoom(current * pinch.ratio, fitNow);
      pinch = null;
      if (scaleOf(next, fitNow) === current) {
        if (canvas.current) canvas.current.style.transform = '';
        held.current = null;
        return;
      }
      setChosen(next);
    };
    area.addEventListener('touchstart', start, { passive: true });
    area.addEventListener('touchmove', move, { passive: false });
    area.addEventListener('touchend', end);
    area.addEventListener('touchcancel', end);
    return () => {
      area.removeEventListener('touchstart', start);
      area.removeEventListener('touchmove', move);
      area.removeEventListener('touchend', end);
      area.removeEventListener('touchcancel', end);
    };
  }, []);

  const pageCount = pdf?.numPages ?? 0;
  const goTo = (next: number) => {
    if (next < 1 || next > pageCount) return;
    setPageNumber(next);
    scroller.current?.scrollTo({ top: 0 });
  };

  /** PageDown and PageUp turn the page once the page in view is scrolled to its end; +, − zoom and 0 goes back to the opening zoom. */
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const area = event.currentTarget;
    const atBottom = area.scrollTop + area.clientHeight >= area.scrollHeight - 1;
    const atTop = area.scrollTop <= 0;
    const actions: Record<string, (() => void) | undefined> = {
      PageDown: atBottom && pageNumber < pageCount ? () => goTo(pageNumber + 1) : undefined,
      PageUp: atTop && pageNumber > 1 ? () => goTo(pageNumber - 1) : undefined,
      '+': () => zoomTo(zoomIn(zoom, fit)),
      '=': () => zoomTo(zoomIn(zoom, fit)),
      '-': () => zoomTo(zoomOut(zoom, fit)),
      '0': () => zoomTo(null),
    };
    const action = actions[event.key];
    if (!action || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    action();
  }

  const larger = zoomIn(zoom, fit);
  const smaller = zoomOut(zoom, fit);
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
          <IconButton size="small" aria-label="Zoom out" onClick={() => zoomTo(smaller)} disabled={!page || smaller === zoom}>
            <ZoomOutIcon />
          </IconButton>
          <Typography aria-live="polite" data-testid="pdf-zoom" sx={{ minWidth: '5.2em', textAlign: 'center', fontSize: '0.9rem' }}>
            {zoomLabel(zoom)}
          </Typography>
          <IconButton size="small" aria-label="Zoom in" onClick={() => zoomTo(larger)} disabled={!page || larger === zoom}>
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
          // One finger scrolls the page either way; two pinch it (above), not the whole screen.
          touchAction: 'pan-x pan-y',
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
