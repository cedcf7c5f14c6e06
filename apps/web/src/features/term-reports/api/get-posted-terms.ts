import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PostedTerm } from '@school/contract/responses';
import { api } from '../../../api/client.ts';

export type { PostedTerm };

/** GET /api/term-reports-posted: every term with reports and whether it is posted, newest first. */
export const getPostedTerms = () => api<PostedTerm[]>('/api/term-reports-posted');

export const getPostedTermsQueryOptions = () => queryOptions({ queryKey: ['term-reports-posted'], queryFn: getPostedTerms });

export const usePostedTerms = () => useQuery(getPostedTermsQueryOptions());
