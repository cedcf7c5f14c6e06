import type { TermCalendarRequest } from '@school/contract/requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { getTermCalendarQueryOptions, type TermCalendar } from './get-term-calendar.ts';

/** PUT /api/term-calendar: replaces the whole calendar. */
export const saveTermCalendar = (calendar: TermCalendarRequest) => api<TermCalendar>('/api/term-calendar', { method: 'PUT', body: calendar });

/** The save, after which the calendar and every attendance figure are read again. */
export function useSaveTermCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTermCalendar,
    onSuccess: (calendar) => {
      queryClient.setQueryData(getTermCalendarQueryOptions().queryKey, calendar);
      return queryClient.invalidateQueries({ queryKey: ['student-attendance'] });
    },
  });
}
