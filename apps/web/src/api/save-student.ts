import type { StudentRecord } from '@school/contract';
import type { StudentSaveRequest } from '@school/contract/requests';
import type { Progress } from '@school/contract/responses';
import { api } from './client.ts';

export type SaveAnswer = { message: string; record: StudentRecord; progress: Progress };

/**
 * POST /api/student: the whole record with the updatedAt it was read at; the wizard's autosave and
 * the admin's edit dialog both save this way. A stale updatedAt answers 409 with the newest record.
 */
export const saveStudent = (record: StudentSaveRequest) => api<SaveAnswer>('/api/student', { method: 'POST', body: record });
