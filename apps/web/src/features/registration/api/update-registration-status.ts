import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegistrationStatusRequest } from '@school/contract/requests';
import { api } from '../../../api/client.ts';
import { getRegistrationStatusQueryOptions, type FormLevelStatus } from './get-registration-status.ts';

export type RegistrationStatusChange = RegistrationStatusRequest;

/** PUT /api/registration-status/{form level}: open or close, and the deadline in school time. */
export const updateRegistrationStatus = ({ formLevel, change }: { formLevel: number; change: RegistrationStatusChange }) =>
  api<FormLevelStatus>(`/api/registration-status/${formLevel}`, { method: 'PUT', body: change });

/** The update, after which every form level's window is read again. */
export function useUpdateRegistrationStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRegistrationStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getRegistrationStatusQueryOptions().queryKey }),
  });
}
