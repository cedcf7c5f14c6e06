import type { AbsenceNoteAnswerRequest } from '@school/contract/requests';
import type { AbsenceNoteDone } from '@school/contract/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { absenceNotesKey } from '../../../api/get-absence-notes.ts';

/** PATCH /api/absence-notes/{id}: the office's answer, Accept, or Decline with a reason; 409 when another answered first. */
export const answerAbsenceNote = ({ id, answer }: { id: string; answer: AbsenceNoteAnswerRequest }) =>
  api<AbsenceNoteDone>(`/api/absence-notes/${encodeURIComponent(id)}`, { method: 'PATCH', body: answer });

/** The answer, after which the lists are read again, whether it won or another answer did (409). */
export function useAnswerAbsenceNote() {
  const client = useQueryClient();
  return useMutation({ mutationFn: answerAbsenceNote, onSettled: () => client.invalidateQueries({ queryKey: absenceNotesKey }) });
}
