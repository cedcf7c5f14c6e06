import { fileNames } from '@school/contract/file-names';
import { downloadFile } from '../../../api/download-file.ts';
import { leaversQuery } from './leavers-query.ts';

/** GET /api/registration-data-spreadsheet, saved under the name SPEC §9 gives it; with `includeLeavers`, the students who have left too. */
export const downloadRegistrationData = (includeLeavers = false) =>
  downloadFile(`/api/registration-data-spreadsheet${leaversQuery(includeLeavers)}`, fileNames.registrationData);
