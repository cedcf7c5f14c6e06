import type { ImportProgress } from '@school/contract/responses';
import { useQuery } from '@tanstack/react-query';
import { api } from './client.ts';

/** GET an import's progress call (e.g. /api/student-import/progress): how far the admin's running import has got. */
export const getImportProgress = (url: string) => api<ImportProgress>(url);

/** How often a running import's progress is asked for: twice a second. */
export const PROGRESS_POLL_MS = 500;

/** Asks every `PROGRESS_POLL_MS` while `polling` (the import request is open); nothing otherwise. */
export const useImportProgress = (url: string | undefined, polling: boolean) =>
  useQuery({
    queryKey: ['import-progress', url],
    queryFn: () => getImportProgress(url!),
    enabled: Boolean(url) && polling,
    refetchInterval: polling ? PROGRESS_POLL_MS : false,
    gcTime: 0,
  });
