import type { PostedTerm, ReportCardTerm } from '@school/contract';
import type { termReportsRepository } from './repository.ts';

type StudentTermRow = Awaited<ReturnType<typeof termReportsRepository.termsOfStudent>>[number];
type PostingRow = Awaited<ReturnType<typeof termReportsRepository.postings>>[number];

/** A stored term as the answers type it ('1', '2' or '3'). */
export const asTerm = (term: string) => term as PostedTerm['term'];

/** A term the student has a report for; the day it was posted only while it is. */
export const presentReportCardTerm = (row: StudentTermRow): ReportCardTerm => ({
  year: Number(row.year),
  term: asTerm(row.term),
  posted: row.posted === 1 ? 1 : 0,
  date_posted: row.posted === 1 ? (row.date_posted ?? null) : null,
  form_level: Number(row.form_level),
  class_id: row.class_id,
});

/** A term with reports, and whether it is posted. */
export const presentPostedTerm = (row: PostingRow): PostedTerm => ({
  year: Number(row.year),
  term: asTerm(row.term),
  posted: row.posted === 1 ? 1 : 0,
  date_posted: row.date_posted,
});
