import { downloadFile } from '../../../api/download-file.ts';

/** GET /api/my-data: one ZIP of everything the school holds about the signed-in student, saved as `fileName`. */
export const downloadMyData = (fileName: string) => downloadFile('/api/my-data', fileName);
