import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

export type FormLevelStatus = {
  form_level: number;
  open: number;
  deadline: string | null;
  deadline_local: string | null;
  editable: boolean;
  message: string;
  time_zone: string;
};

/** GET /api/registration-status: every form level's window. */
export const registrationStatusQuery = queryOptions({
  queryKey: ['admin', 'registration-status'],
  queryFn: () => api<FormLevelStatus[]>('/api/registration-status'),
});

/** PUT /api/registration-status/{form level}: open or close, and the deadline in school time. */
export const updateRegistrationStatus = (formLevel: number, body: { open: 0 | 1; deadline_local: string | null }) =>
  api<FormLevelStatus>(`/api/registration-status/${formLevel}`, { method: 'PUT', body });
