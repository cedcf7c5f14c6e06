import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RenderedMessage } from '@school/contract/responses';
import { api } from '../../../api/client.ts';

/** GET /api/messages/{id}: the message as its recipient reads it. */
export const getMessage = (id: number) => api<RenderedMessage>(`/api/messages/${id}`);

export const getMessageQueryOptions = (id: number) => queryOptions({ queryKey: ['messages', 'one', id], queryFn: () => getMessage(id) });

export const useMessage = (id: number) => useQuery(getMessageQueryOptions(id));
