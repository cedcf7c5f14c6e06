import type { AbsenceNoteRequest } from '@school/contract/requests';
import type { AbsenceNoteDone } from '@school/contract/responses';
import { postForm } from './post-form.ts';

/**
 * POST /api/absence-notes (decision 065): the note's fields as a form, with its file last when one
 * is chosen (a PDF or a photo of the doctor's note); `onProgress` hears the upload's percent.
 */
export function sendAbsenceNote(note: AbsenceNoteRequest, file: File | null, onProgress?: (percent: number) => void): Promise<AbsenceNoteDone> {
  const form = new FormData();
  for (const [name, value] of Object.entries(note)) if (value !== undefined) form.append(name, String(value));
  if (file) form.append('file', file);
  return postForm<AbsenceNoteDone>('/api/absence-notes', form, onProgress);
}
