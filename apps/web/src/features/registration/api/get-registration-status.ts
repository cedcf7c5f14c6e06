import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

/** One form level's registration window as the admin sets it, with what its students are told. */
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
export const getRegistrationStatus = () => api<FormLevelStatus[]>('/api/registration-status');

export const getRegistrationStatusQueryOptions = () => queryOptions({ queryKey: ['registration-status'], queryFn: getRegistrationStatus });

export const useRegistrationStatus = () => useQuery(getRegistrationStatusQueryOptions());
