import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegistrationRemindersRequest } from '@school/contract/requests';
import type { RegistrationRemindersAnswer } from '@school/contract/responses';
import { api } from '../../../api/client.ts';

export type { RegistrationRemindersAnswer };

/** POST /api/registration-reminders: counts who would be reminded (dry run), or queues the reminders. */
export const sendRegistrationReminders = (body: RegistrationRemindersRequest) =>
  api<RegistrationRemindersAnswer>('/api/registration-reminders', { method: 'POST', body });

/** Counts or sends; a send refreshes the Messages screen's list. */
export function useSendRegistrationReminders() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendRegistrationReminders,
    onSuccess: (answer) => (answer.dry_run ? undefined : client.invalidateQueries({ queryKey: ['messages'] })),
  });
}
