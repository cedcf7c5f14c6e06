import { academicYearLabel, termNames } from '@school/contract/api-types';

/** 'Term 1, Michaelmas, 2026-2027' (SPEC §2). */
export const termLabel = (year: number, term: string) => `Term ${term}, ${termNames[term] ?? ''}, ${academicYearLabel(year)}`;

/** The date posted as the list shows it: the school's moment as the server wrote it, to the second (SPEC §9: '2026-07-10 10:00:00'). */
export const postedAt = (datePosted: string | null) => (datePosted ? datePosted.slice(0, 19) : '');
