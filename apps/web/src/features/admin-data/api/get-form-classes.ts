import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

export type FormClass = { id: string; form_level: number };

/** GET /api/registration-form-classes-list: the school's classes. */
export const getFormClasses = () => api<FormClass[]>('/api/registration-form-classes-list');

export const getFormClassesQueryOptions = () => queryOptions({ queryKey: ['reference', 'form-classes'], queryFn: getFormClasses, staleTime: Infinity });

export const useFormClasses = () => useQuery(getFormClassesQueryOptions());
