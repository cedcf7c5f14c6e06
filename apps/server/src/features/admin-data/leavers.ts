import type { LeaversQuery } from '@school/contract';

/** "1 student", "3 students". */
export const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** Whether an output's `?leavers=` asks for the students who have left too (decision 069). */
export const withLeavers = (query: LeaversQuery) => query.leavers === 'include';

/**
 * What an output says of the students who have left (decision 069): how many of those it lists
 * have left, or how many who have left it does not list; nothing when there are none.
 */
export function leaversSentence(leavers: number, included: boolean): string {
  if (leavers === 0) return '';
  return included
    ? ` ${leavers === 1 ? '1 of them has' : `${leavers} of them have`} left the school.`
    : ` ${plural(leavers, 'student')} who ${leavers === 1 ? 'has' : 'have'} left the school ${leavers === 1 ? 'is' : 'are'} not included.`;
}

/** A student's name in a list that includes students who have left: hers, with the day she left. */
export const nameWithLeftOn = (name: string, leftOn: string | null) => (leftOn ? `${name} (left on ${leftOn})` : name);
