import type { auditQuery, TextFields } from '@school/contract/requests';
import type { AuditPage } from '@school/contract/responses';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';

/** The audit screen's filters and page, as the address bar and the query string carry them. */
export type AuditFilters = TextFields<typeof auditQuery>;

/** The filters as a query string, empty ones left out. */
export const auditSearch = (filters: AuditFilters): string =>
  new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1]))).toString();

/** GET /api/audit: one page of the entries that match the filters, newest first. */
export const getAuditLog = (filters: AuditFilters) => api<AuditPage>(`/api/audit?${auditSearch(filters)}`);

export const getAuditLogQueryOptions = (filters: AuditFilters) =>
  queryOptions({ queryKey: ['audit-log', filters], queryFn: () => getAuditLog(filters), placeholderData: keepPreviousData });

/** The page while the next one loads stays on screen, so paging does not flash empty. */
export const useAuditLog = (filters: AuditFilters) => useQuery(getAuditLogQueryOptions(filters));
