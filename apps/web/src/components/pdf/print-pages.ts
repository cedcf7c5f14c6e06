import type { PDFDocumentProxy } from './pdf-reader.ts';

/** Printers get pages drawn at 150 dots an inch: sharp text on paper, a few megabytes of images. */
const PRINT_DPI = 150;

/**
 * Prints a PDF where the browser has no PDF viewer to print it (phones): each page is drawn into
 * an image sized to the page's own paper (a legal sheet for the registration form), the images are
 * the only thing the printed page shows, and the browser's print dialog opens. Returns the clean-up,
 * which also runs when printing ends.
 */
export async function printPages(pdf: PDFDocumentProxy): Promise<() => void> {
  const holder = document.createElement('div');
  holder.className = 'pdf-print-pages';
  holder.setAttribute('aria-hidden', 'true');
  const urls: string[] = [];
  const rules = [
    '@media screen { .pdf-print-pages { display: none; } }',
    '@media print { body > :not(.pdf-print-pages) { display: none !important; } .pdf-print-pages img { display: block; break-after: page; } }',
  ];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    const paper = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: PRINT_DPI / 72 });
    const canvas = document.createElement('canvas');
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    await page.render({ canvas, viewport, intent: 'print' }).promise;
    const blob = await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((made) => (made ? resolve(made) : reject(new Error('The page could not be drawn.')))),
    );
    const image = document.createElement('img');
    urls.push((image.src = URL.createObjectURL(blob)));
    image.alt = '';
    image.style.width = `${paper.width}pt`;
    image.style.height = `${paper.height}pt`;
    // Each page on paper of its own size, where the browser knows named pages; else the first page's.
    image.style.setProperty('page', `pdf-page-${number}`);
    if (number === 1) rules.push(`@page { size: ${paper.width}pt ${paper.height}pt; margin: 0; }`);
    rules.push(`@page pdf-page-${number} { size: ${paper.width}pt ${paper.height}pt; margin: 0; }`);
    await image.decode().catch(() => undefined);
    holder.append(image);
  }
  const style = document.createElement('style');
  style.textContent = rules.join('\n');
  document.head.append(style);
  document.body.append(holder);
  const cleanUp = () => {
    window.removeEventListener('afterprint', cleanUp);
    style.remove();
    holder.remove();
    urls.forEach((url) => URL.revokeObjectURL(url));
  };
  window.addEventListener('afterprint', cleanUp);
  window.print();
  return cleanUp;
}
