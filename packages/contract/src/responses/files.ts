import { z } from 'zod';

/** SPEC §3 uploaded file: its name as uploaded, its document type, and the authorised link that serves it. */
export const uploadedFileSchema = z.object({ name: z.string(), type: z.string(), url: z.string() });
export const uploadedFilesSchema = z.array(uploadedFileSchema);
export type UploadedFileInfo = z.infer<typeof uploadedFileSchema>;

/** SPEC §3 student data files record: fetched and saved per student; its fields are the school's. */
export const studentDataFileSchema = z
  .object({ student_id: z.string(), updated_at: z.string().optional() })
  .catchall(z.union([z.string(), z.number(), z.null()]));
