import type { ParentsContact } from '@school/contract/responses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../api/client.ts';
import { downloadFile } from '../../../api/download-file.ts';
import { leaversQuery } from './leavers-query.ts';

/** A step-up guard (`useStepUp`): the list of all classes is a whole-school export (decision 049). */
type Guard = <T>(run: () => Promise<T>) => Promise<T>;

/** GET /api/parents-contact/{class_id|all}; with `includeLeavers`, the students who have left too (decision 069). */
export const getParentsContact = (classId: string, includeLeavers = false) =>
  api<ParentsContact>(`/api/parents-contact/${encodeURIComponent(classId)}${leaversQuery(includeLeavers)}`);

export const getParentsContactQueryOptions = (classId: string, includeLeavers: boolean, guard: Guard) =>
  queryOptions({
    queryKey: ['parents-contact', classId, includeLeavers],
    queryFn: () => guard(() => getParentsContact(classId, includeLeavers)),
    enabled: classId !== '',
    // A refusal is not asked again by itself: a cancelled code would be asked for twice, and each list of all classes counts as an export.
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
  });

export const useParentsContact = (classId: string, includeLeavers: boolean, guard: Guard) =>
  useQuery(getParentsContactQueryOptions(classId, includeLeavers, guard));

/** GET /api/parents-contact/{class_id|all}/{pdf|xlsx}: the same list as a file, saved under the server's name. */
export const downloadParentsContact = (classId: string, format: 'pdf' | 'xlsx', includeLeavers = false) =>
  downloadFile(`/api/parents-contact/${encodeURIComponent(classId)}/${format}${leaversQuery(includeLeavers)}`);
