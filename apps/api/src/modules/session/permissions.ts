/**
 * What staff may do, by name (docs/decisions/054-route-access): a staff route declares the one
 * permission it needs (`access: 'staff:<permission>'`), and the access rule asks for a permission,
 * never for a role. A role is a set of permissions (`staffRoles` below; decision 071).
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
  /** Change the operator: its name, settings gates, theme, footers, terms, waivers, data-field forms. */
  'operator.manage',
  /** Create and change venues (a venue manager: only their own). */
  'venues.manage',
  /** Activity categories, activities, locations, timetables, exceptions, courses and release rules. */
  'activities.manage',
  /** What things cost: activity pricing options and tickets, membership payment options and price changes. */
  'prices.manage',
  /** Membership categories, types, benefits, freeze types, eligibility rules and questions. */
  'memberships.manage',
  /** Promotions and their codes. */
  'promotions.manage',
  /** Invite, change and disable staff users. */
  'staff.manage',
  /** Read the audit log. */
  'audit.read',
] as const;

export type StaffPermission = (typeof staffPermissions)[number];

const noPermissions: readonly StaffPermission[] = [];

/**
 * The staff roles, by the name `users.role` holds, and what each may do. A venue manager's changes
 * are limited to the venues they are assigned (`venueScoped`; session/access.ts `requireVenueScope`).
 */
export const staffRoles = {
  administrator: { label: 'Administrator', venueScoped: false, permissions: staffPermissions },
  'venue-manager': {
    label: 'Venue manager',
    venueScoped: true,
    permissions: [
      'venues.manage',
      'activities.manage',
      'prices.manage',
      'bookings.act-for-customer',
      'customers.search',
      'payments.offline-tender',
      'guest-passes.redeem',
      'audit.read',
    ],
  },
  'front-desk': {
    label: 'Front desk',
    venueScoped: false,
    permissions: [
      'bookings.act-for-customer',
      'customers.search',
      'payments.offline-tender',
      'guest-passes.redeem',
    ],
  },
  finance: {
    label: 'Finance',
    venueScoped: false,
    permissions: [
      'customers.search',
      'credit.issue',
      'penalties.issue',
      'payments.offline-tender',
      'audit.read',
    ],
  },
  'document-reviewer': {
    label: 'Document reviewer',
    venueScoped: false,
    permissions: ['customers.search', 'documents.review', 'freezes.review', 'uploads.read'],
  },
} as const satisfies Record<
  string,
  { label: string; venueScoped: boolean; permissions: readonly StaffPermission[] }
>;

export type StaffRole = keyof typeof staffRoles;

export const staffRoleNames = Object.keys(staffRoles) as StaffRole[];

export function isStaffRole(role: string): role is StaffRole {
  return Object.hasOwn(staffRoles, role);
}

/** Whether the role's changes are limited to the venues its user is assigned. */
export function isVenueScoped(role: string): boolean {
  return isStaffRole(role) && staffRoles[role].venueScoped;
}

/** The permissions a user's role gives. */
export function permissionsOf(user: { role: string }): readonly StaffPermission[] {
  return isStaffRole(user.role) ? staffRoles[user.role].permissions : noPermissions;
}

/** Whether the user's role gives the permission. */
export function hasPermission(user: { role: string }, permission: StaffPermission): boolean {
  return permissionsOf(user).includes(permission);
}

export function isStaffPermission(name: string): name is StaffPermission {
  return (staffPermissions as readonly string[]).includes(name);
}
