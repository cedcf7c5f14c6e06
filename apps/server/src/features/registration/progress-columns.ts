import { progressFlagKeys, reviewedStepKeys, type CompletenessStepKey } from '@school/contract';
import { recordWrites } from '../../db/record-writes.ts';
import type { ReviewedColumn } from '../../db/schema.ts';

/** The column of a step's reviewed mark (decision 026). */
export const reviewedColumnOf = (key: CompletenessStepKey): ReviewedColumn => `${key}_reviewed`;
/** The reviewed marks' columns, in the steps' order. */
export const reviewedColumns: readonly ReviewedColumn[] = reviewedStepKeys.map(reviewedColumnOf);
/** The progress row's columns: the contract's flags, which steps she has reviewed this year (decision 026) and the day the registration was completed. */
export const progressColumns = [...progressFlagKeys, ...reviewedColumns, 'completed_on'] as const;
/** A record's progress row, without its key. */
export type ProgressRow = Record<(typeof progressColumns)[number], number>;

/** The autosave's statements for this progress row: a reviewed mark, once set, is never taken back by a write. */
export const registrationWrites = recordWrites({ columns: progressColumns, neverTakenBack: new Set(reviewedColumns) });
