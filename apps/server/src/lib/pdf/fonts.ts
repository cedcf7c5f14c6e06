import type { TFontDictionary } from 'pdfmake/interfaces';

/** The one font family: pdfkit's built-in Helvetica, which needs no font files. */
export const PDF_FONT = 'Helvetica';

/** pdfmake's fonts: the family's four faces. */
export const pdfFonts: TFontDictionary = {
  [PDF_FONT]: { normal: 'Helvetica', bold: 'Helvetica-Bold', italics: 'Helvetica-Oblique', bolditalics: 'Helvetica-BoldOblique' },
};
