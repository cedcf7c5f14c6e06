import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsentAnswerRequest } from '@school/contract/requests';
import type { ConsentAnswered } from '@school/contract/responses';
import { api } from '../../../api/client.ts';
import { consentsKey } from './get-consents.ts';

/** POST /api/consents/{id}/answers: her answer, signed with her typed name; a change names the answer it replaces. */
export const answerConsent = ({ formId, answer }: { formId: string; answer: ConsentAnswerRequest }) =>
  api<ConsentAnswered>(`/api/consents/${encodeURIComponent(formId)}/answers`, { method: 'POST', body: answer });

/** Her answer; the forms are read again whether it was taken or refused (a 409 means another answer stands now). */
export function useAnswerConsent() {
  const client = useQueryClient();
  return useMutation({ mutationFn: answerConsent, onSettled: () => client.invalidateQueries({ queryKey: consentsKey }) });
}
