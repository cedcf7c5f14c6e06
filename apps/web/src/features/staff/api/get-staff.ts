import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffMember } from '@school/contract/responses';
import { api } from '../../../api/client.ts';

/** GET /api/staff: every staff account. */
export const getStaff = () => api<StaffMember[]>('/api/staff');

export const getStaffQueryOptions = () => queryOptions({ queryKey: ['staff'], queryFn: getStaff });

export const useStaff = () => useQuery(getStaffQueryOptions());
