import { describe, expect, it } from 'vitest';
import { MAX_CANVAS_PIXELS, MAX_FIT_WIDTH, pageScale, ZOOM_STEPS, zoomIn, zoomOut } from '../../../src/components/pdf/page-scale.ts';

/** A US letter page in PDF points. */
const letter = { pageWidth: 612, pageHeight: 792 };

describe('drawing a PDF page for the screen', () => {
  it('draws the page as wide as a phone’s viewer at 100 %, sharp on its dense screen', () => {
    const { cssScale, pixelRatio } = pageScale({ ...letter, viewerWidth: 344, zoom: 1, devicePixelRatio: 3 });
    expect(612 * cssScale).toBeCloseTo(344);
    expect(pixelRatio).toBe(3);
  });

  it('keeps a page at a readable width on a wide desktop screen', () => {
    const { cssScale } = pageScale({ ...letter, viewerWidth: 1900, zoom: 1, devicePixelRatio: 1 });
    expect(612 * cssScale).toBeCloseTo(MAX_FIT_WIDTH);
  });

  it('zooms from the fitted width', () => {
    const { cssScale } = pageScale({ ...letter, viewerWidth: 344, zoom: 2, devicePixelRatio: 1 });
    expect(612 * cssScale).toBeCloseTo(688);
  });

  it('draws fewer pixels than the screen has rather than a canvas a phone cannot hold', () => {
    const { cssScale, pixelRatio } = pageScale({ pageWidth: 612, pageHeight: 1008, viewerWidth: 400, zoom: 4, devicePixelRatio: 3 });
    const pixels = 612 * cssScale * pixelRatio * 1008 * cssScale * pixelRatio;
    expect(pixelRatio).toBeLessThan(3);
    expect(pixels).toBeLessThanOrEqual(MAX_CANVAS_PIXELS * 1.0001);
  });

  it('never draws below one pixel per CSS pixel on an old low-density screen, unless the canvas would be too large', () => {
    expect(pageScale({ ...letter, viewerWidth: 344, zoom: 1, devicePixelRatio: 0.5 }).pixelRatio).toBe(1);
  });
});

describe('zoom steps', () => {
  it('go up and down through the steps and stop at the ends', () => {
    expect(zoomIn(1)).toBe(1.25);
    expect(zoomOut(1)).toBe(0.75);
    expect(zoomIn(ZOOM_STEPS[ZOOM_STEPS.length - 1])).toBe(4);
    expect(zoomOut(ZOOM_STEPS[0])).toBe(0.5);
  });
});
