/**
 * What staff may do, by name (docs/decisions/054-route-access): a staff route declares the one
 * permission it needs (`access: 'staff:<permission>'`), and the access rule asks for a permission,
 * never for a role. A role is a set of permissions; today there is one staff role, holding them all
 * (the operator console gives roles their screens later).
 */
export const staffPermissions = [
  /** Fill and pay a basket for a customer at front of house, and read the orders taken for them. */
  'bookings.act-for-customer',
  /** Find a customer by name, email, customer number or postcode. */
  'customers.search',
  /** Take cash, voucher, cheque or credit for a basket (`checkout/pay`). */
  'payments.offline-tender',
  /** Give a customer general or membership credit. */
  'credit.issue',
  /** Charge a customer a late-cancellation, no-show or other fee. */
  'penalties.issue',
  /** Review (approve or reject) eligibility documents. */
  'documents.review',
  /** Review (approve or reject) membership freeze requests. */
  'freezes.review',
  /** Download any upload of the operator's members (the proof of a document or freeze under review). */
  'uploads.read',
  /** Redeem a guest pass at reception. */
  'guest-passes.redeem',
] as const;

export type StaffPermission = (typeof staffPermissions)[number];

const noPermissions: readonly StaffPermission[] = [];

/** Each role's permissions: `users.role` names one of these; any other role holds none. */
const rolePermissions: Readonly<Record<string, readonly StaffPermission[]>> = {
  customer: noPermissions,
  staff: staffPermissions,
};

/** The permissions a user's role gives. */
export function permissionsOf(user: { role: string }): readonly StaffPermission[] {
  return Object.hasOwn(rolePermissions, user.role)
    ? (rolePermissions[user.role] ?? noPermissions)
    : noPermissions;
}

/** Whether the user's role gives the permission. */
export function hasPermission(user: { role: string }, permission: StaffPermission): boolean {
  return permissionsOf(user).includes(permission);
}

export function isStaffPermission(name: string): name is StaffPermission {
  return (staffPermissions as readonly string[]).includes(name);
}
