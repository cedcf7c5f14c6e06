/** The school's year, its rollover and its undo (decision 045): what other features may use of it. */
import type { Executor } from '../../db/database.ts';
import { schoolYearRepository } from './repository.ts';

export { schoolYearRoutes } from './routes.ts';
export { changedFields } from './history.ts';

/** The school's current academic year (2026 is 2026-2027). */
export const currentSchoolYear = (db: Executor): Promise<number> => schoolYearRepository.currentYear(db);
