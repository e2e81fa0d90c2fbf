import type { StaffUser } from '@leisure/contract/admin/staff';

export const statusLabel: Record<StaffUser['status'], string> = {
  invited: 'Invited',
  active: 'Active',
  disabled: 'Disabled',
};
