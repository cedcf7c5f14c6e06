import { academicYearLabel, termNames } from '@school/contract/api-types';

/** 'Term 1, Michaelmas, 2026-2027' (SPEC §2). */
export const termLabel = (year: number, term: string) => `Term ${term}, ${termNames[term] ?? ''}, ${academicYearLabel(year)}`;

/** '2026-07-10 10:00:00' as '2026-07-10 10:00': the date posted as the list shows it. */
export const postedAt = (datePosted: string | null) => (datePosted ? datePosted.slice(0, 16) : '');
