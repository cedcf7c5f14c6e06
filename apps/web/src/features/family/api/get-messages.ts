import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

/** One message the school sent (or is sending) her, as `GET /api/guardian/messages` lists it: never its body. */
export type GuardianMessage = {
  kind: string;
  subject: string;
  /** The daughter it is about; null for a message about her account. */
  student_first_name: string | null;
  status: 'queued' | 'sent' | 'failed' | 'cancelled';
  created_at: string;
  sent_at: string | null;
};

/** GET /api/guardian/messages?page=: one page (from 1) of the messages the school sent her, newest first, with the count of all. */
export const getMessages = (page: number) => api<{ items: GuardianMessage[]; total: number }>(`/api/guardian/messages?page=${page}`);

export const useMessages = (page: number) =>
  useQuery({ queryKey: ['guardian-messages', page], queryFn: () => getMessages(page), placeholderData: keepPreviousData });
