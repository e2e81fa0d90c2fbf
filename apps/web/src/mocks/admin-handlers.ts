import { zAdminListQuery } from '@leisure/contract/admin/lists';
import type { AuditEvent, StaffMe, StaffRoleDescription, StaffUser } from '@leisure/contract/admin/staff';
import { HttpResponse, http } from 'msw';

/**
 * MSW handlers for the operator console's staff calls (packages/contract/src/admin/staff.ts), in the
 * API's wire format (snake_case). The mock keeps its state in this module: `resetAdminMock()` starts
 * it afresh (component tests call it in beforeEach), `mockAdmin` lets a test arrange it.
 *
 * Sign-in: any email with the password `mockStaffPassword`; `mockNewStaffEmail` must enrol, anyone
 * else verifies. The authenticator code is `mockTotpCode`; the recovery code `mockRecoveryCode`.
 */

export const mockStaffPassword = 'Console-pass-1';
export const mockNewStaffEmail = 'new.staff@example.com';
export const mockTotpCode = '123456';
export const mockRecoveryCode = 'ABCD-EFGH-IJKL';
export const mockRecoveryCodes = [mockRecoveryCode, 'MNOP-QRST-UVWX', 'YZ23-4567-89AB'];
export const mockInvitationToken = 'invite-token-1';

const api = (path: string) => `*/api/admin/${path}`;

export const mockRoles: StaffRoleDescription[] = [
  {
    name: 'administrator',
    label: 'Administrator',
    venue_scoped: false,
    permissions: [
      'operator.manage',
      'venues.manage',
      'activities.manage',
      'prices.manage',
      'memberships.manage',
      'promotions.manage',
      'staff.manage',
      'audit.read',
      'customers.search',
    ],
  },
  {
    name: 'venue-manager',
    label: 'Venue manager',
    venue_scoped: true,
    permissions: ['venues.manage', 'activities.manage', 'prices.manage', 'customers.search', 'audit.read'],
  },
  { name: 'front-desk', label: 'Front desk', venue_scoped: false, permissions: ['customers.search'] },
];

function staff(
  id: number,
  first: string,
  last: string,
  role: string,
  extra: Partial<StaffUser> = {},
): StaffUser {
  const described = mockRoles.find((item) => item.name === role);
  return {
    id,
    email: `${first}.${last}@example.com`.toLowerCase(),
    first_name: first,
    last_name: last,
    role,
    role_label: described?.label ?? role,
    venue_ids: [],
    status: 'active',
    mfa_enrolled: true,
    last_signed_in_at: '2026-12-01T09:30:00Z',
    ...extra,
  };
}

function initialStaff(): StaffUser[] {
  return [
    staff(1, 'Alex', 'Admin', 'administrator'),
    staff(2, 'Vera', 'Manager', 'venue-manager', { venue_ids: [1] }),
    staff(3, 'Fred', 'Desk', 'front-desk', {
      status: 'invited',
      mfa_enrolled: false,
      last_signed_in_at: null,
    }),
    ...Array.from({ length: 27 }, (_, index) =>
      staff(10 + index, 'Staff', `Member${String(index + 1).padStart(2, '0')}`, 'front-desk'),
    ),
  ];
}

interface AdminMockState {
  /** none: signed out; password: signed in, second factor owed; verified: a console session. */
  session: 'none' | 'password' | 'verified';
  /** The email the session signed in with. */
  email: string | undefined;
  /** The signed-in staff user's role (its permissions come from mockRoles). */
  role: string;
  staff: StaffUser[];
  audit: AuditEvent[];
  nextId: number;
}

function initialState(): AdminMockState {
  return {
    session: 'none',
    email: undefined,
    role: 'administrator',
    staff: initialStaff(),
    audit: [],
    nextId: 100,
  };
}

export const mockAdmin: AdminMockState = initialState();

/** Starts the mock afresh; `signedInAs` starts with a verified console session of that role. */
export function resetAdminMock(signedInAs?: string): void {
  Object.assign(mockAdmin, initialState());
  if (signedInAs) {
    mockAdmin.session = 'verified';
    mockAdmin.email = 'alex.admin@example.com';
    mockAdmin.role = signedInAs;
  }
}

export function mockStaffMe(): StaffMe {
  const role =
    mockRoles.find((item) => item.name === mockAdmin.role) ?? (mockRoles[0] as StaffRoleDescription);
  return {
    id: 1,
    email: mockAdmin.email ?? 'alex.admin@example.com',
    first_name: 'Alex',
    last_name: 'Admin',
    role: role.name,
    role_label: role.label,
    permissions: role.permissions,
    venue_ids: role.venue_scoped ? [1] : [],
    venue_scoped: role.venue_scoped,
    expires_at: '2026-12-08T12:00:00Z',
    idle_expires_at: '2026-12-08T10:30:00Z',
  };
}

const unauthenticated = () => HttpResponse.json({ message: 'Please sign in to continue.' }, { status: 401 });
const invalid = (errors: Record<string, string[]>) =>
  HttpResponse.json({ message: 'The given data was invalid.', errors }, { status: 422 });
const notFound = () =>
  HttpResponse.json({ message: 'Unable to complete request, item not found.' }, { status: 404 });

function record(action: string, user: StaffUser, before: unknown, after: unknown): void {
  mockAdmin.audit.unshift({
    id: mockAdmin.audit.length + 1,
    at: new Date('2026-12-08T10:00:00Z').toISOString(),
    actor: { id: 1, email: 'alex.admin@example.com' },
    action,
    entity_type: 'staff_user',
    entity_id: String(user.id),
    venue_id: null,
    before,
    after,
    route: null,
  });
}

const verified = () => mockAdmin.session === 'verified';

export const adminHandlers = [
  http.post(api('session'), async ({ request }) => {
    const body = (await request.json()) as { email?: string; password?: string };
    if (!body.email || !body.password) {
      return invalid({
        ...(body.email ? {} : { email: ['Required'] }),
        ...(body.password ? {} : { password: ['Required'] }),
      });
    }
    if (body.password !== mockStaffPassword) {
      return HttpResponse.json({ message: 'These credentials do not match our records.' }, { status: 401 });
    }
    mockAdmin.session = 'password';
    mockAdmin.email = body.email.toLowerCase();
    return HttpResponse.json({ next: mockAdmin.email === mockNewStaffEmail ? 'enrol' : 'verify' });
  }),
  http.delete(api('session'), () => {
    mockAdmin.session = 'none';
    return new HttpResponse(null, { status: 204 });
  }),
  http.post(api('session/mfa/enrolment'), () => {
    if (mockAdmin.session === 'none') return unauthenticated();
    return HttpResponse.json({
      secret: 'JBSWY3DPEHPK3PXP',
      otpauth_url: 'otpauth://totp/Leisure:new.staff@example.com?secret=JBSWY3DPEHPK3PXP&issuer=Leisure',
      qr_svg:
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 21 21"><rect width="21" height="21" fill="#fff"/><rect x="1" y="1" width="7" height="7"/></svg>',
    });
  }),
  http.post(api('session/mfa/enrolment/confirm'), async ({ request }) => {
    if (mockAdmin.session === 'none') return unauthenticated();
    const body = (await request.json()) as { code?: string };
    if (body.code !== mockTotpCode)
      return invalid({ code: ['That code is not right. Try the newest code.'] });
    mockAdmin.session = 'verified';
    return HttpResponse.json({ recovery_codes: mockRecoveryCodes });
  }),
  http.post(api('session/mfa/verify'), async ({ request }) => {
    if (mockAdmin.session === 'none') return unauthenticated();
    const body = (await request.json()) as { code?: string; recovery_code?: string };
    if (body.recovery_code !== undefined) {
      if (body.recovery_code !== mockRecoveryCode)
        return invalid({ recovery_code: ['That recovery code is not right.'] });
    } else if (body.code !== mockTotpCode) {
      return invalid({ code: ['That code is not right. Try the newest code.'] });
    }
    mockAdmin.session = 'verified';
    return new HttpResponse(null, { status: 204 });
  }),
  http.get(api('me'), () => (verified() ? HttpResponse.json(mockStaffMe()) : unauthenticated())),
  http.post(api('invitations/accept'), async ({ request }) => {
    const body = (await request.json()) as { token?: string; password?: string };
    if (body.token !== mockInvitationToken) {
      return invalid({ token: ['This invitation has expired or has already been used.'] });
    }
    if (!body.password || body.password.length < 8)
      return invalid({ password: ['The password must be at least 8 characters.'] });
    return new HttpResponse(null, { status: 204 });
  }),
  http.get(api('roles'), () => (verified() ? HttpResponse.json({ data: mockRoles }) : unauthenticated())),
  http.get(api('staff-users'), ({ request }) => {
    if (!verified()) return unauthenticated();
    const query = zAdminListQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
    const q = query.q?.toLowerCase();
    const matching = mockAdmin.staff.filter(
      (user) => !q || `${user.first_name} ${user.last_name} ${user.email}`.toLowerCase().includes(q),
    );
    const start = (query.page - 1) * query.per_page;
    return HttpResponse.json({
      data: matching.slice(start, start + query.per_page),
      meta: { page: query.page, per_page: query.per_page, total: matching.length },
    });
  }),
  http.post(api('staff-users'), async ({ request }) => {
    if (!verified()) return unauthenticated();
    const body = (await request.json()) as Partial<StaffUser>;
    const errors: Record<string, string[]> = {};
    if (!body.email) errors.email = ['Required'];
    else if (mockAdmin.staff.some((user) => user.email === body.email?.toLowerCase()))
      errors.email = ['A staff user with this email already exists.'];
    if (!body.first_name) errors.first_name = ['Required'];
    if (!body.last_name) errors.last_name = ['Required'];
    const role = mockRoles.find((item) => item.name === body.role);
    if (!role) errors.role = ['Choose a role.'];
    if (role?.venue_scoped && !body.venue_ids?.length) errors.venue_ids = ['Choose at least one venue.'];
    if (Object.keys(errors).length) return invalid(errors);
    const user = staff(mockAdmin.nextId++, body.first_name ?? '', body.last_name ?? '', body.role ?? '', {
      email: body.email?.toLowerCase() ?? '',
      venue_ids: role?.venue_scoped ? (body.venue_ids ?? []) : [],
      status: 'invited',
      mfa_enrolled: false,
      last_signed_in_at: null,
    });
    mockAdmin.staff.push(user);
    record('staff_user.create', user, null, user);
    return HttpResponse.json(user, { status: 201 });
  }),
  http.get(api('staff-users/:id'), ({ params }) => {
    if (!verified()) return unauthenticated();
    const user = mockAdmin.staff.find((item) => String(item.id) === params.id);
    return user ? HttpResponse.json(user) : notFound();
  }),
  http.patch(api('staff-users/:id'), async ({ params, request }) => {
    if (!verified()) return unauthenticated();
    const user = mockAdmin.staff.find((item) => String(item.id) === params.id);
    if (!user) return notFound();
    const body = (await request.json()) as Partial<StaffUser>;
    const role = body.role ? mockRoles.find((item) => item.name === body.role) : undefined;
    if (body.role && !role) return invalid({ role: ['Choose a role.'] });
    const scoped = (role ?? mockRoles.find((item) => item.name === user.role))?.venue_scoped;
    if (scoped && body.venue_ids !== undefined && body.venue_ids.length === 0)
      return invalid({ venue_ids: ['Choose at least one venue.'] });
    const before = { ...user };
    Object.assign(user, body, role ? { role_label: role.label } : {});
    if (!scoped) user.venue_ids = [];
    record('staff_user.update', user, before, { ...user });
    return HttpResponse.json(user);
  }),
  ...(['disable', 'enable', 'reset-mfa'] as const).map((action) =>
    http.post(api(`staff-users/:id/${action}`), ({ params }) => {
      if (!verified()) return unauthenticated();
      const user = mockAdmin.staff.find((item) => String(item.id) === params.id);
      if (!user) return notFound();
      const before = { ...user };
      if (action === 'disable') user.status = 'disabled';
      if (action === 'enable') user.status = user.last_signed_in_at ? 'active' : 'invited';
      if (action === 'reset-mfa') user.mfa_enrolled = false;
      record(`staff_user.${action}`, user, before, { ...user });
      return HttpResponse.json(user);
    }),
  ),
  http.get(api('audit-events'), ({ request }) => {
    if (!verified()) return unauthenticated();
    const params = new URL(request.url).searchParams;
    const q = params.get('q')?.toLowerCase();
    const type = params.get('entity_type');
    const id = params.get('entity_id');
    const beforeId = Number(params.get('before_id')) || undefined;
    const limit = Number(params.get('limit')) || 50;
    const matching = mockAdmin.audit.filter(
      (event) =>
        (!type || event.entity_type === type) &&
        (!id || event.entity_id === id) &&
        (!beforeId || event.id < beforeId) &&
        (!q || JSON.stringify(event).toLowerCase().includes(q)),
    );
    const page = matching.slice(0, limit);
    const more = matching.length > limit;
    return HttpResponse.json({ data: page, next_before_id: more ? (page.at(-1)?.id ?? null) : null });
  }),
];
