/** SPEC §3 document types: three PDFs and the student's photo. */
export type DocumentType = 'birth_certificate' | 'immunization_card' | 'sea_slip' | 'picture';

export const documentRules: Record<DocumentType, { label: string; extensions: string[]; mimes: string[]; kindText: string }> = {
  birth_certificate: { label: 'Birth certificate', extensions: ['.pdf'], mimes: ['application/pdf'], kindText: 'a PDF file' },
  immunization_card: { label: 'Immunization card', extensions: ['.pdf'], mimes: ['application/pdf'], kindText: 'a PDF file' },
  sea_slip: { label: 'SEA slip', extensions: ['.pdf'], mimes: ['application/pdf'], kindText: 'a PDF file' },
  picture: { label: 'Photo', extensions: ['.jpg', '.jpeg', '.png'], mimes: ['image/jpeg', 'image/png'], kindText: 'a JPEG or PNG image' },
};

export const documentTypeNames = Object.keys(documentRules) as DocumentType[];
export const isDocumentType = (value: unknown): value is DocumentType => typeof value === 'string' && value in documentRules;
