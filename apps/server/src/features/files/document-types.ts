import type { UploadKind } from '../../lib/uploads/index.ts';

/** SPEC §3 document types: three PDFs and the student's photo. */
export type DocumentType = 'birth_certificate' | 'immunization_card' | 'sea_slip' | 'picture';

export const documentRules: Record<DocumentType, { label: string; kinds: UploadKind[]; kindText: string }> = {
  birth_certificate: { label: 'Birth certificate', kinds: ['pdf'], kindText: 'a PDF file' },
  immunization_card: { label: 'Immunization card', kinds: ['pdf'], kindText: 'a PDF file' },
  sea_slip: { label: 'SEA slip', kinds: ['pdf'], kindText: 'a PDF file' },
  picture: { label: 'Photo', kinds: ['jpeg', 'png'], kindText: 'a JPEG or PNG image' },
};

export const documentTypeNames = Object.keys(documentRules) as [DocumentType, ...DocumentType[]];
export const isDocumentType = (value: unknown): value is DocumentType => typeof value === 'string' && Object.hasOwn(documentRules, value);
