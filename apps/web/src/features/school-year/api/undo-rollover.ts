import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UndoRollover } from '@school/contract/responses';
import { api } from '../../../api/client.ts';

/** POST /api/school-year/undo: puts the school back in the year before the last rollover. */
export const undoRollover = () => api<UndoRollover>('/api/school-year/undo', { method: 'POST', body: {} });

/** The undo, after which every cached answer is read again (classes, registration, the year). */
export function useUndoRollover() {
  const client = useQueryClient();
  return useMutation({ mutationFn: undoRollover, onSuccess: () => client.invalidateQueries() });
}
