import { fileNames } from '@school/contract/file-names';
import { downloadFile } from '../../../api/download-file.ts';

/** GET /api/registration-data-spreadsheet, saved under the name SPEC §9 gives it. */
export const downloadRegistrationData = () => downloadFile('/api/registration-data-spreadsheet', fileNames.registrationData);
