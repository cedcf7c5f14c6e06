import { fileNames } from '@school/contract/file-names';
import { fetchPdf, type PdfFile } from '../../../api/fetch-pdf.ts';

/** GET /api/registration-report/all: the registration report for all classes, a whole-school export (decision 049). */
export const getRegistrationReport = (): Promise<PdfFile> => fetchPdf('/api/registration-report/all', { fallbackName: fileNames.registrationReport });
