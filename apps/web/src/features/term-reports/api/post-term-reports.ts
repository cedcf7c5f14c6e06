import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostTermReportsRequest } from '@school/contract/requests';
import type { PostedTerm } from '@school/contract/responses';
import { api } from '../../../api/client.ts';
import { getPostedTermsQueryOptions } from './get-posted-terms.ts';

/** POST /api/post-term-reports: posts (posted 1) or withdraws (posted 0) a term; the server sets the date posted. */
export const postTermReports = (body: PostTermReportsRequest) => api<PostedTerm>('/api/post-term-reports', { method: 'POST', body });

/** Posts or withdraws, then refreshes the terms table and every report list. */
export function usePostTermReports() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postTermReports,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: getPostedTermsQueryOptions().queryKey });
      await client.invalidateQueries({ queryKey: ['report-card-terms'] });
    },
  });
}
