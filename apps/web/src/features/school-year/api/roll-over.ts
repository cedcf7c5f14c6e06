import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RolloverRequest } from '@school/contract/requests';
import type { RolloverResult } from '@school/contract/responses';
import { api } from '../../../api/client.ts';
import { getSchoolYearQueryOptions } from './get-school-year.ts';

/** POST /api/school-year/rollover: checks the rollover (`dry_run: true`) or applies it. */
export const rollOver = (body: RolloverRequest) => api<RolloverResult>('/api/school-year/rollover', { method: 'POST', body });

/** The check or the apply; after an apply, the year is read again (and every cached answer that depends on classes). */
export function useRollOver() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: rollOver,
    onSuccess: async (result) => {
      if (!result.dry_run) await client.invalidateQueries();
      else await client.invalidateQueries({ queryKey: getSchoolYearQueryOptions().queryKey });
    },
  });
}
