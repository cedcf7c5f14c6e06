import { queryOptions, useQuery } from '@tanstack/react-query';
import { classBoundRoles } from '@school/contract/staff-roles';
import { api } from './client.ts';
import { useSession } from './get-session.ts';

export type FormClass = { id: string; form_level: number };

/** GET /api/registration-form-classes-list: the school's classes. */
export const getFormClasses = () => api<FormClass[]>('/api/registration-form-classes-list');

export const getFormClassesQueryOptions = () => queryOptions({ queryKey: ['reference', 'form-classes'], queryFn: getFormClasses, staleTime: Infinity });

export const useFormClasses = () => useQuery(getFormClassesQueryOptions());

/**
 * The classes the signed-in staff member reads (decision 048): every class, or a teacher's own;
 * `every` tells whether she may ask for all classes at once.
 */
export function useReadableClasses(): { classes: FormClass[]; every: boolean } {
  const { data: session } = useSession();
  const { data } = useFormClasses();
  const bound = session?.role !== undefined && classBoundRoles.includes(session.role);
  const classes = (data ?? []).filter((formClass) => !bound || (session?.classes ?? []).includes(formClass.id));
  return { classes, every: !bound };
}
