import type { Permission } from './staff-roles.ts';

/** The error shape of every 4xx answer (SPEC §8 reads `errors` first, then `message`). */
export type ApiError = { message: string; errors?: Record<string, string[]> };

/** Term names of SPEC §9. */
export const termNames: Record<string, string> = { '1': 'Michaelmas', '2': 'Hilary', '3': 'Trinity' };

/** 'year-nextyear', the academic year label. */
export const academicYearLabel = (year: number | string): string => `${year}-${Number(year) + 1}`;

/** 'Term 1, Michaelmas, 2026-2027' (SPEC §2): a term as the list, the card and the messages name it. */
export const termLabel = (year: number, term: string): string => `Term ${term}, ${termNames[term] ?? ''}, ${academicYearLabel(year)}`;

/**
 * Who may call a route (DESIGN §4, decisions 003, 048 and 063): anyone, a restricted or full session,
 * staff with a permission, or the student the request names — `self or <permission>` lets staff
 * with that permission in too (a class-bound role only for her classes' students), and
 * `family or <permission>` her guardians with a live, unrestricted link as well. `guardian` is a
 * signed-in guardian's own calls.
 */
export type Access = 'visitor' | 'restricted' | 'signed-in' | 'guardian' | Permission | `self or ${Permission}` | `family or ${Permission}`;

export type Town = { town_name: string };
export type Religion = { code: string; religion: string };
export type EthnicGroup = { id: string; group_type: string };
export type RegionalCorporation = { title: string };
export type House = { id: string; name: string };
export type FormClass = { id: string; form_level: number };
