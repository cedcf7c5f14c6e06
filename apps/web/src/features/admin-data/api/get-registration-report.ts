import { fileNames } from '@school/contract/file-names';
import { fetchPdf, type PdfFile } from '../../../api/fetch-pdf.ts';
import { leaversQuery } from './leavers-query.ts';

/** GET /api/registration-report/all: the registration report for all classes, a whole-school export (decision 049); with `includeLeavers`, the students who have left too. */
export const getRegistrationReport = (includeLeavers = false): Promise<PdfFile> =>
  fetchPdf(`/api/registration-report/all${leaversQuery(includeLeavers)}`, { fallbackName: fileNames.registrationReport });
