import { roleMay, type Permission } from '@school/contract/staff-roles';
import { useCallback } from 'react';
import { useSession } from '../api/get-session.ts';

/**
 * Whether the signed-in staff member's role has a permission, by the contract's one table (decision
 * 048). The same function while her session is the same, so what is made from it can be kept.
 */
export function useMay(): (permission: Permission) => boolean {
  const { data: session } = useSession();
  return useCallback((permission: Permission) => Boolean(session?.admin && session.role && roleMay(session.role, permission)), [session]);
}
