import { roleMay, type Permission } from '@school/contract/staff-roles';
import { useSession } from '../api/get-session.ts';

/** Whether the signed-in staff member's role has a permission, by the contract's one table (decision 048). */
export function useMay(): (permission: Permission) => boolean {
  const { data: session } = useSession();
  return (permission) => Boolean(session?.admin && session.role && roleMay(session.role, permission));
}
