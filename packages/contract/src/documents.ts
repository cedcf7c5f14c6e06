/** What a document slot takes: PDFs, or photos (JPEG or PNG), with how the form and the messages say it. */
export const documentFormats = {
  pdf: { kinds: ['pdf'], accept: 'application/pdf,.pdf', hint: 'PDF only', words: 'a PDF file' },
  photo: { kinds: ['jpeg', 'png'], accept: 'image/jpeg,image/png,.jpg,.jpeg,.png', hint: 'JPEG or PNG image', words: 'a JPEG or PNG image' },
} as const;

/**
 * SPEC §3 document types, one upload each: `title` heads the slot on the Documents step and its
 * line on the registration form; `name` is how a sentence names it ("Birth certificate uploaded
 * successfully.").
 */
export const documentTypes = {
  birth_certificate: { title: 'Birth Certificate', name: 'Birth certificate', format: documentFormats.pdf },
  immunization_card: { title: 'Immunization Card', name: 'Immunization card', format: documentFormats.pdf },
  sea_slip: { title: 'SEA Slip', name: 'SEA slip', format: documentFormats.pdf },
  picture: { title: 'Photo of the Student', name: 'Photo', format: documentFormats.photo },
} as const;

export type DocumentType = keyof typeof documentTypes;

/** What the Documents step still needs: the documents not uploaded yet, by the titles of their slots. */
export const stillToUpload = (missing: readonly DocumentType[]): string => `Upload: ${missing.map((type) => documentTypes[type].title).join(', ')}.`;

/** The document types in the spec's order. */
export const documentTypeNames = Object.keys(documentTypes) as [DocumentType, ...DocumentType[]];

/** True for one of the four types, never for a name every object has (`__proto__`, `toString`). */
export const isDocumentType = (value: unknown): value is DocumentType => typeof value === 'string' && Object.hasOwn(documentTypes, value);

/**
 * The student's photo prints about 1.5 inches wide on her registration form. A photo of more than
 * `maxPixels` is refused at upload: decoding one of 16,000 × 16,000 took every PDF of the school
 * 25 seconds and 4 GB. What is kept is at most `storedLongSide` pixels on its long side.
 */
export const photoLimits = { maxPixels: 40_000_000, storedLongSide: 1200 } as const;

const count = (value: number) => value.toLocaleString('en-US');

/** The server's answers about documents. */
export const documentMessages = {
  uploaded: (type: DocumentType) => `${documentTypes[type].name} uploaded successfully.`,
  removed: (type: DocumentType) => `${documentTypes[type].name} removed.`,
  wrongFormat: (type: DocumentType) => `The ${documentTypes[type].name.toLowerCase()} must be ${documentTypes[type].format.words}.`,
  unknownType: `Choose a document type: ${documentTypeNames.join(', ').replace(/, ([^,]*)$/, ' or $1')}.`,
  photoTooLarge: (width: number, height: number) =>
    `The photo is ${count(width)} × ${count(height)} pixels; a photo may have at most ${photoLimits.maxPixels / 1_000_000} megapixels (${count(photoLimits.maxPixels)} pixels). Please choose a smaller image.`,
} as const;
