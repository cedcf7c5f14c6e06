import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { GuardianMessagesPage } from '@school/contract';
import { api } from '../../../api/client.ts';

/** One message the school sent (or is sending) her: never its body. */
export type GuardianMessage = GuardianMessagesPage['items'][number];

/** GET /api/guardian/messages?page=: one page (from 1) of the messages the school sent her, newest first, with the count of all. */
export const getMessages = (page: number) => api<GuardianMessagesPage>(`/api/guardian/messages?page=${page}`);

export const useMessages = (page: number) =>
  useQuery({ queryKey: ['guardian-messages', page], queryFn: () => getMessages(page), placeholderData: keepPreviousData });
