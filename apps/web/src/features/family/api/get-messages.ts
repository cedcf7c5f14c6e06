import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { GuardianMessages } from '@school/contract/responses';
import { api } from '../../../api/client.ts';

export type { GuardianMessages };

/** GET /api/guardian/messages?page=: one page (from 1) of the messages the school sent her, newest first. */
export const getMessages = (page: number) => api<GuardianMessages>(`/api/guardian/messages?page=${page}`);

export const useMessages = (page: number) =>
  useQuery({ queryKey: ['guardian-messages', page], queryFn: () => getMessages(page), placeholderData: keepPreviousData });
