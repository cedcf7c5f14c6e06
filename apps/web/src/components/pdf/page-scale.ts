/**
 * How large a PDF page is drawn. A zoom is the page's true size, as a PDF reader counts it: 1
 * (100 %) draws a point as 1/72 inch, 96/72 CSS pixels, so a letter page is 816 pixels wide and its
 * 10.5 pt text 14 pixels tall; or `'fit'`, the page as wide as the viewer, whatever that is.
 */
export type Zoom = number | 'fit';

/** CSS pixels per PDF point at 100 %. */
export const CSS_PIXELS_PER_POINT = 96 / 72;

/** The zoom levels the buttons step through, as true sizes; Fit width is placed among them. */
export const ZOOM_STEPS = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4] as const;

/** The smallest and largest zoom (a pinch stops there too). */
export const MIN_ZOOM = ZOOM_STEPS[0];
export const MAX_ZOOM = ZOOM_STEPS[ZOOM_STEPS.length - 1];

/** The true size at which a page of `pageWidth` points fills `viewerWidth` CSS pixels. */
export const fitScale = (pageWidth: number, viewerWidth: number): number => Math.max(viewerWidth, 1) / (pageWidth * CSS_PIXELS_PER_POINT);

/** The true size a zoom draws at. */
export const scaleOf = (zoom: Zoom, fit: number): number => (zoom === 'fit' ? fit : zoom);

/**
 * How a PDF opens: as wide as the viewer when its true size would not fit (a phone), else at its
 * true size (a desktop, where a page as wide as the screen would be taller than it).
 */
export const openingZoom = (fit: number): Zoom => (fit < 1 ? 'fit' : 1);

/**
 * The levels the zoom buttons step through for a viewer whose page fits at `fit`: Fit width and
 * 100 % always, and the steps beyond them. The steps between the two are left out: on a phone
 * they are neither the whole width nor readable, so one tap from Fit width shows the text at its
 * true size. A step within a tenth of Fit width is left out too: it would look the same.
 */
export function zoomLevels(fit: number): Zoom[] {
  const low = Math.min(fit, 1);
  const high = Math.max(fit, 1);
  const steps = ZOOM_STEPS.filter((step) => step === 1 || ((step <= low || step >= high) && Math.abs(step - fit) > fit / 10));
  return [...steps, 'fit' as const].sort((a, b) => scaleOf(a, fit) - scaleOf(b, fit));
}

/** The next level up from `zoom` (one a pinch left between the levels included), or `zoom` at the top. */
export function zoomIn(zoom: Zoom, fit: number): Zoom {
  const now = scaleOf(zoom, fit);
  return zoomLevels(fit).find((level) => scaleOf(level, fit) > now + 1e-6) ?? zoom;
}

/** The next level down from `zoom`, or `zoom` at the bottom. */
export function zoomOut(zoom: Zoom, fit: number): Zoom {
  const now = scaleOf(zoom, fit);
  return [...zoomLevels(fit)].reverse().find((level) => scaleOf(level, fit) < now - 1e-6) ?? zoom;
}

/** A pinch's zoom: kept between the smallest and largest, and Fit width when it ends within a few percent of it. */
export function pinchedZoom(scale: number, fit: number): Zoom {
  const kept = Math.min(Math.max(scale, MIN_ZOOM), MAX_ZOOM);
  return Math.abs(kept - fit) <= fit * 0.04 ? 'fit' : kept;
}

/** What the zoom reads as: 'Fit width', or the true size in percent. */
export const zoomLabel = (zoom: Zoom): string => (zoom === 'fit' ? 'Fit width' : `${Math.round(zoom * 100)}%`);

/**
 * Canvases beyond about 16 million pixels fail on phones (iOS refuses them, cheap Androids run out
 * of memory); half that keeps a zoomed legal page sharp enough and safe.
 */
export const MAX_CANVAS_PIXELS = 8 * 1024 * 1024;

/**
 * How a page is drawn at the true size `scale`: `cssScale` CSS pixels per point on screen;
 * `pixelRatio` device pixels per CSS pixel (the screen's density, less when the canvas would pass
 * `MAX_CANVAS_PIXELS`).
 */
export function pageScale({
  pageWidth,
  pageHeight,
  scale,
  devicePixelRatio,
  maxPixels = MAX_CANVAS_PIXELS,
}: {
  pageWidth: number;
  pageHeight: number;
  scale: number;
  devicePixelRatio: number;
  maxPixels?: number;
}): { cssScale: number; pixelRatio: number } {
  const cssScale = scale * CSS_PIXELS_PER_POINT;
  const cssPixels = pageWidth * cssScale * pageHeight * cssScale;
  const pixelRatio = Math.min(Math.max(devicePixelRatio, 1), Math.sqrt(maxPixels / cssPixels));
  return { cssScale, pixelRatio };
}
