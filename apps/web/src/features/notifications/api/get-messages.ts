import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MessagesQuery } from '@school/contract/requests';
import type { OutboxPage } from '@school/contract/responses';
import { api } from '../../../api/client.ts';

export type { OutboxPage };

const search = (query: MessagesQuery) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(name, String(value));
  return params.toString();
};

/** GET /api/messages: one page of the outbox, newest first, with its filters. */
export const getMessages = (query: MessagesQuery) => api<OutboxPage>(`/api/messages?${search(query)}`);

export const getMessagesQueryOptions = (query: MessagesQuery) =>
  queryOptions({ queryKey: ['messages', query], queryFn: () => getMessages(query), placeholderData: keepPreviousData });

export const useMessages = (query: MessagesQuery) => useQuery(getMessagesQueryOptions(query));
