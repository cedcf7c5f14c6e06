import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffChangeRequest } from '@school/contract/requests';
import type { StaffWithPassword } from '@school/contract/responses';
import { api } from '../../../api/client.ts';
import { getStaffQueryOptions } from './get-staff.ts';

/** PATCH /api/staff/{username}: role, classes, name, disabled, or a new one-time password (in the answer). */
export const changeStaff = ({ username, change }: { username: string; change: StaffChangeRequest }) =>
  api<StaffWithPassword>(`/api/staff/${encodeURIComponent(username)}`, { method: 'PATCH', body: change });

/** The change, after which the list is read again. */
export function useChangeStaff() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeStaff, onSuccess: () => queryClient.invalidateQueries({ queryKey: getStaffQueryOptions().queryKey }) });
}
