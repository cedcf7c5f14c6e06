import type { ConsentRemindersRequest } from '@school/contract/requests';
import type { ConsentRemindersAnswer } from '@school/contract/responses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

export type { ConsentRemindersAnswer };

/** POST /api/consents/{id}/reminders: counts who would be reminded (dry run), or queues the reminders. */
export const sendConsentReminders = ({ formId, body }: { formId: string; body: ConsentRemindersRequest }) =>
  api<ConsentRemindersAnswer>(`/api/consents/${encodeURIComponent(formId)}/reminders`, { method: 'POST', body });

/** Counts or sends; a send refreshes the Messages screen's list. */
export function useSendConsentReminders() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendConsentReminders,
    onSuccess: (answer) => (answer.dry_run ? undefined : client.invalidateQueries({ queryKey: ['messages'] })),
  });
}
