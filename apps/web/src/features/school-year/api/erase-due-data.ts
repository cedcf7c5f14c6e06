import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RetentionEraseRequest } from '@school/contract/requests';
import type { RetentionEraseResult } from '@school/contract/responses';
import { api } from '../../../api/client.ts';
import { getRetentionQueryOptions } from './get-retention.ts';

/** POST /api/retention/erase: counts what is due (`dry_run: true`) or erases it. */
export const eraseDueData = (body: RetentionEraseRequest) => api<RetentionEraseResult>('/api/retention/erase', { method: 'POST', body });

/** The count or the erasure; after an erasure, what is due is read again. */
export function useEraseDueData() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: eraseDueData,
    onSuccess: async (result) => {
      if (!result.dry_run) await client.invalidateQueries({ queryKey: getRetentionQueryOptions().queryKey });
    },
  });
}
