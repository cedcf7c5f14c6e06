/** Zoom levels, as parts of the width that fits the screen (1 = the page as wide as the viewer). */
export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4] as const;

/** The next zoom level up, or the same at the top. */
export const zoomIn = (zoom: number): number => ZOOM_STEPS.find((step) => step > zoom + 1e-9) ?? zoom;

/** The next zoom level down, or the same at the bottom. */
export const zoomOut = (zoom: number): number => [...ZOOM_STEPS].reverse().find((step) => step < zoom - 1e-9) ?? zoom;

/** The widest a page is drawn at 100 %, in CSS pixels: on a desktop, a page as wide as the screen is too tall to read. */
export const MAX_FIT_WIDTH = 900;

/**
 * Canvases beyond about 16 million pixels fail on phones (iOS refuses them, cheap Androids run out
 * of memory); half that keeps a zoomed legal page sharp enough and safe.
 */
export const MAX_CANVAS_PIXELS = 8 * 1024 * 1024;

/**
 * How a page is drawn: `cssScale` makes it `zoom` times the viewer's width on screen (at most
 * `MAX_FIT_WIDTH`); `pixelRatio`
 * draws that many device pixels per CSS pixel (the screen's density, less when the canvas would
 * pass `MAX_CANVAS_PIXELS`).
 */
export function pageScale({
  pageWidth,
  pageHeight,
  viewerWidth,
  zoom,
  devicePixelRatio,
  maxPixels = MAX_CANVAS_PIXELS,
}: {
  pageWidth: number;
  pageHeight: number;
  viewerWidth: number;
  zoom: number;
  devicePixelRatio: number;
  maxPixels?: number;
}): { cssScale: number; pixelRatio: number } {
  const cssScale = (Math.min(Math.max(viewerWidth, 1), MAX_FIT_WIDTH) / pageWidth) * zoom;
  const cssPixels = pageWidth * cssScale * pageHeight * cssScale;
  const pixelRatio = Math.min(Math.max(devicePixelRatio, 1), Math.sqrt(maxPixels / cssPixels));
  return { cssScale, pixelRatio };
}
