import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportCardTerm } from '@school/contract/responses';
import { api } from './client.ts';

export type { ReportCardTerm };

/** GET /api/report-card-terms/{student id}: the terms she has a report for, newest first. */
/** The address of the terms a student has a report card for. */
export const reportCardTermsPath = (studentId: string) => `/api/report-card-terms/${encodeURIComponent(studentId)}`;

export const getReportCardTerms = (studentId: string) => api<ReportCardTerm[]>(reportCardTermsPath(studentId));

export const getReportCardTermsQueryOptions = (studentId: string) =>
  queryOptions({ queryKey: ['report-card-terms', studentId], queryFn: () => getReportCardTerms(studentId) });

export const useReportCardTerms = (studentId: string | null | undefined) =>
  useQuery({ ...getReportCardTermsQueryOptions(studentId ?? ''), enabled: Boolean(studentId) });

/** The address of a report card's PDF. */
export const reportCardUrl = (studentId: string, year: number, term: string) =>
  `/api/report-card/${encodeURIComponent(studentId)}/${year}/${encodeURIComponent(term)}`;
