import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewStaffRequest } from '@school/contract/requests';
import type { StaffWithPassword } from '@school/contract/responses';
import { api } from '../../../api/client.ts';
import { getStaffQueryOptions } from './get-staff.ts';

/** POST /api/staff: the new account, with its one-time password (shown once). */
export const addStaff = (body: NewStaffRequest) => api<StaffWithPassword>('/api/staff', { method: 'POST', body });

/** The addition, after which the list is read again. */
export function useAddStaff() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addStaff, onSuccess: () => queryClient.invalidateQueries({ queryKey: getStaffQueryOptions().queryKey }) });
}
