import { describe, expect, it } from 'vitest';
import {
  fitScale,
  MAX_CANVAS_PIXELS,
  openingZoom,
  pageScale,
  pinchedZoom,
  scaleOf,
  zoomIn,
  zoomLabel,
  zoomLevels,
  zoomOut,
} from '../../../src/components/pdf/page-scale.ts';

/** A US letter page in PDF points. */
const letter = { pageWidth: 612, pageHeight: 792 };
/** A 360 px phone's viewer, inside its gutter. */
const phone = fitScale(612, 344);
/** A desktop dialog's viewer. */
const desktop = fitScale(612, 1150);

describe('drawing a PDF page for the screen', () => {
  it('draws 100 % at the page’s true size: a point is 1/72 inch, so 10.5 pt text is 14 CSS pixels', () => {
    const { cssScale } = pageScale({ ...letter, scale: 1, devicePixelRatio: 1 });
    expect(612 * cssScale).toBeCloseTo(816);
    expect(10.5 * cssScale).toBeCloseTo(14);
  });

  it('draws Fit width as wide as the viewer, sharp on a dense screen', () => {
    const { cssScale, pixelRatio } = pageScale({ ...letter, scale: phone, devicePixelRatio: 3 });
    expect(612 * cssScale).toBeCloseTo(344);
    expect(pixelRatio).toBe(3);
  });

  it('draws fewer pixels than the screen has rather than a canvas a phone cannot hold', () => {
    const { cssScale, pixelRatio } = pageScale({ pageWidth: 612, pageHeight: 1008, scale: 4, devicePixelRatio: 3 });
    const pixels = 612 * cssScale * pixelRatio * 1008 * cssScale * pixelRatio;
    expect(pixelRatio).toBeLessThan(3);
    expect(pixels).toBeLessThanOrEqual(MAX_CANVAS_PIXELS * 1.0001);
  });

  it('never draws below one pixel per CSS pixel on an old low-density screen, unless the canvas would be too large', () => {
    expect(pageScale({ ...letter, scale: 1, devicePixelRatio: 0.5 }).pixelRatio).toBe(1);
  });
});

describe('the zoom', () => {
  it('opens a phone at Fit width and says so, and a desktop at the true size', () => {
    expect(openingZoom(phone)).toBe('fit');
    expect(zoomLabel(openingZoom(phone))).toBe('Fit width');
    expect(openingZoom(desktop)).toBe(1);
    expect(zoomLabel(openingZoom(desktop))).toBe('100%');
  });

  it('goes from Fit width on a phone to the true size in one step, and back', () => {
    expect(zoomIn('fit', phone)).toBe(1);
    expect(zoomOut(1, phone)).toBe('fit');
    expect(zoomLevels(phone)).toEqual([0.25, 'fit', 1, 1.25, 1.5, 2, 3, 4]);
  });

  it('places Fit width among the steps on a desktop, without a step that would look the same', () => {
    expect(zoomLevels(desktop)).toEqual([0.25, 0.5, 0.75, 1, 'fit', 2, 3, 4]);
    expect(zoomIn(1, desktop)).toBe('fit');
  });

  it('stops at the ends', () => {
    expect(zoomIn(4, phone)).toBe(4);
    expect(zoomOut(0.25, phone)).toBe(0.25);
  });

  it('steps on from a pinch that ended between the levels', () => {
    expect(zoomIn(1.1, phone)).toBe(1.25);
    expect(zoomOut(1.1, phone)).toBe(1);
    expect(zoomLabel(1.1)).toBe('110%');
  });

  it('keeps a pinch between the smallest and largest zoom, and snaps it to Fit width near it', () => {
    expect(pinchedZoom(9, phone)).toBe(4);
    expect(pinchedZoom(0.01, phone)).toBe(0.25);
    expect(pinchedZoom(phone * 1.02, phone)).toBe('fit');
    expect(scaleOf(pinchedZoom(0.8, phone), phone)).toBe(0.8);
  });
});
