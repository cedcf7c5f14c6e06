import type { ContactChangeAnswerRequest } from '@school/contract/requests';
import type { ContactChange } from '@school/contract/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { contactChangesKey } from './get-contact-changes.ts';

/** PATCH /api/contact-changes/{id}: the office's decision for each field, and a note to the parent; answers the change as answered. */
export const answerContactChange = ({ id, answer }: { id: string; answer: ContactChangeAnswerRequest }) =>
  api<ContactChange>(`/api/contact-changes/${encodeURIComponent(id)}`, { method: 'PATCH', body: answer });

/** The answer, after which the lists are read again (a refused one too: the change is shown as it now stands). */
export function useAnswerContactChange() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: answerContactChange, onSettled: () => queryClient.invalidateQueries({ queryKey: contactChangesKey }) });
}
