import type { Config } from '../config';
import type { Database } from '../db/client';
import { createCustomer, createStaffUser } from '../modules/auth/auth.service';
import { enrolKnownSecretForDemo } from '../modules/staff/staff-session.service';

/** The demo logins the README lists. */
export const demoMember = { email: 'member@example.com', password: 'Member-Pass-1' } as const;
/**
 * The demo's administrator. Its TOTP secret is published (README, demo section) so that the demo,
 * the CLI and the e2e journeys can compute its codes: demo-only, like its password.
 */
export const demoStaff = {
  email: 'staff@example.com',
  password: 'Staff-Pass-1',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
} as const;
/** Two family accounts share this address; each has its own password and customer number. */
export const familyEmail = 'family@example.com';
const familyPasswords = ['Family-Pass-1', 'Family-Pass-2'] as const;

/**
 * Every password the demo gives its accounts (the README prints them): a production server refuses
 * to start while any account still has one.
 */
export const demoPasswords: readonly string[] = [demoMember.password, demoStaff.password, ...familyPasswords];

export async function seedAccounts(
  db: Database,
  config: Config,
  clientId: number,
  homeVenueId: number,
): Promise<void> {
  await createCustomer(db, clientId, {
    ...demoMember,
    title: 'Ms',
    firstName: 'Alex',
    lastName: 'Morgan',
    dateOfBirth: '1988-04-12',
    gender: 'female',
    mobileNumber: '07700 900123',
    addressLine1: '14 Canal Wharf',
    town: 'Leeds',
    postcode: 'LS11 5PZ',
    emergencyContactName: 'Sam Morgan',
    emergencyContactNumber: '07700 900456',
    homeVenueId,
    extra: {
      interests: ['swimming', 'classes'],
      marketing_opt_in: true,
      membership_card_number: 'RL-CARD-0001',
    },
    termsAcceptedAt: new Date(),
  });
  await createCustomer(db, clientId, {
    email: familyEmail,
    password: familyPasswords[0],
    firstName: 'Jordan',
    lastName: 'Patel',
    dateOfBirth: '1979-09-30',
    homeVenueId,
    termsAcceptedAt: new Date(),
  });
  await createCustomer(db, clientId, {
    email: familyEmail,
    password: familyPasswords[1],
    firstName: 'Priya',
    lastName: 'Patel',
    dateOfBirth: '2009-02-14',
    homeVenueId,
    termsAcceptedAt: new Date(),
  });
  const staff = await createStaffUser(db, clientId, {
    email: demoStaff.email,
    password: demoStaff.password,
    firstName: 'Chris',
    lastName: 'Taylor',
    currency: 'GBP',
  });
  await enrolKnownSecretForDemo(db, config, staff.id, demoStaff.totpSecret);
}
