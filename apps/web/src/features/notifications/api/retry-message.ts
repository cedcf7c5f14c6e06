import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OutboxMessage } from '@school/contract/responses';
import { api } from '../../../api/client.ts';

/** POST /api/messages/{id}/retry: a failed message is queued again. */
export const retryMessage = (id: number) => api<OutboxMessage>(`/api/messages/${id}/retry`, { method: 'POST', body: {} });

/** Sends again, then refreshes the messages. */
export function useRetryMessage() {
  const client = useQueryClient();
  return useMutation({ mutationFn: retryMessage, onSuccess: () => client.invalidateQueries({ queryKey: ['messages'] }) });
}
