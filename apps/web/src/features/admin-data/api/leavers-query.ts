import type { LeaversQuery } from '@school/contract/requests';

/** An output's query when it should list the students who have left too (decision 069); by default they are left out. */
export const leaversQuery = (include: boolean): string => {
  const query: LeaversQuery = { leavers: include ? 'include' : 'leave-out' };
  return include ? `?${new URLSearchParams(query)}` : '';
};
