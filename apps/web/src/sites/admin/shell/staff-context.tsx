import type { StaffMe } from '@leisure/contract/admin/staff';
import { createContext, useContext } from 'react';

/** The signed-in staff user, for the screens inside the console's layout. */
export const StaffContext = createContext<StaffMe | null>(null);

export function useStaff(): StaffMe {
  const me = useContext(StaffContext);
  if (!me) throw new Error('useStaff is used inside the console layout only');
  return me;
}

/** Whether the signed-in staff user's role gives the permission (the server checks it anyway). */
export function useCan(permission: string): boolean {
  return useStaff().permissions.includes(permission);
}
