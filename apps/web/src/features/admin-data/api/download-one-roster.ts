import { fileNames } from '@school/contract/file-names';
import { downloadFile } from '../../../api/download-file.ts';

/** GET /api/oneroster.zip: the whole roster in OneRoster 1.2 CSV form (decision 075), saved under the school's day it was made. */
export const downloadOneRoster = (day: string) => downloadFile('/api/oneroster.zip', fileNames.oneRoster(day));
