import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TermCalendar } from '@school/contract/responses';
import { api } from '../../../api/client.ts';

export type { TermCalendar };

/** GET /api/term-calendar: the terms with their dates and the closed days (decision 022). */
export const getTermCalendar = () => api<TermCalendar>('/api/term-calendar');

export const getTermCalendarQueryOptions = () => queryOptions({ queryKey: ['term-calendar'], queryFn: getTermCalendar });

export const useTermCalendar = () => useQuery(getTermCalendarQueryOptions());
