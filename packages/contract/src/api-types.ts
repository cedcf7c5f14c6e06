/** The error shape of every 4xx answer (SPEC §8 reads `errors` first, then `message`). */
export type ApiError = { message: string; errors?: Record<string, string[]> };

/** Term names of SPEC §9. */
export const termNames: Record<string, string> = { '1': 'Michaelmas', '2': 'Hilary', '3': 'Trinity' };

/** 'year-nextyear', the academic year label. */
export const academicYearLabel = (year: number | string): string => `${year}-${Number(year) + 1}`;

/** Who may call a route (DESIGN §4). */
export type Access = 'visitor' | 'restricted' | 'student-self' | 'signed-in' | 'admin';

export type Town = { town_name: string };
export type Religion = { code: string; religion: string };
export type EthnicGroup = { id: string; group_type: string };
export type RegionalCorporation = { title: string };
export type House = { id: string; name: string };
export type FormClass = { id: string; form_level: number };
