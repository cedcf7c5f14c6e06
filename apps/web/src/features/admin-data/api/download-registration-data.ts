import { downloadFile } from '../../../api/download-file.ts';

/** The file name SPEC §9 gives the spreadsheet. */
export const REGISTRATION_DATA_FILE = 'Registration Data.xlsx';

/** GET /api/registration-data-spreadsheet, saved as 'Registration Data.xlsx'. */
export const downloadRegistrationData = () => downloadFile('/api/registration-data-spreadsheet', REGISTRATION_DATA_FILE);
