import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './a11y';
import { answerField, fieldControl, labelPattern } from './account';
import { dataFieldForm, defaultPassword, fieldsOf, uniqueEmail, uniqueName, validAnswer } from './customers';

/** The accordion's sections (joining-and-payments.md 2), by their titles. */
const sectionTitles = {
  centre: 'Choose your home centre',
  membership: 'Membership selection',
  details: 'Your details',
  questions: 'Additional details',
  review: 'Review & select dates',
  payment: 'Monthly payment',
  confirm: 'Confirm your details',
  checkout: 'Checkout',
} as const;
export type SectionName = keyof typeof sectionTitles;

/** The sandbox direct debit provider's test bank details (GoCardless sandbox). */
export const sandboxBank = { sortCode: '200000', accountNumber: '55779911' } as const;

/** The seeded promotion codes (apps/api/src/seed/memberships.ts). */
export const promoCodes = { welcome: 'WELCOME50', expired: 'SPRING10' } as const;

export const leeds = { slug: 'leeds-riverside', name: 'Riverside Leisure Centre Leeds' } as const;

/** The heading button of a section: 'Step 3: Your details' (the number is read as 'Step N:'). */
export function sectionToggle(page: Page, section: SectionName, number?: number): Locator {
  const title = sectionTitles[section].replace(/[.*+?^${}()|[\]\\&]/g, '\\$&');
  const step = number === undefined ? '\\d+' : String(number);
  return page
    .getByRole('heading', { level: 2 })
    .getByRole('button', { name: new RegExp(`^Step ${step}: ${title}$`) });
}

/** Waits for a section to be the open one. */
export async function expectOpen(page: Page, section: SectionName, number?: number): Promise<void> {
  await expect(sectionToggle(page, section, number)).toHaveAttribute('aria-expanded', 'true');
}

/**
 * The accordion shows exactly these sections, numbered 1, 2, 3... in this order (hidden sections
 * are removed and the rest renumbered).
 */
export async function expectSections(page: Page, sections: SectionName[]): Promise<void> {
  const toggles = page.getByRole('heading', { level: 2 }).getByRole('button', { name: /^Step \d+: / });
  await expect(toggles).toHaveCount(sections.length);
  for (const [index, section] of sections.entries()) {
    await expect(toggles.nth(index)).toHaveAccessibleName(`Step ${index + 1}: ${sectionTitles[section]}`);
  }
}

/** One row of the cost breakdown by its label ('Total to pay now', 'Discount'). */
export function costRow(page: Page, label: string): Locator {
  return page
    .locator('dl[aria-label="Cost breakdown"]')
    .locator('div')
    .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${label}`) }) })
    .getByRole('definition');
}

/** A membership card's Select button in the list. */
export function selectMembership(page: Page, name: string): Locator {
  return page.getByRole('list', { name: 'Memberships' }).getByRole('button', { name: `Select ${name}` });
}

export interface Visitor {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * Fills 'Your details' as a visitor registering (the customer_account_online fields, a date of
 * birth, the password and the terms, agreed in their modal) and presses 'Create account and continue';
 * then gives the purchase details asked next, unless `purchaseDetails` is false (a selection the new
 * account may not buy is refused before they are asked for).
 */
export async function registerInYourDetails(
  page: Page,
  request: APIRequestContext,
  tag: string,
  {
    dateOfBirth = '1990-05-17',
    a11yLabel,
    purchaseDetails = true,
  }: { dateOfBirth?: string; a11yLabel?: string; purchaseDetails?: boolean } = {},
): Promise<Visitor> {
  const visitor: Visitor = {
    email: uniqueEmail(tag),
    password: defaultPassword,
    firstName: uniqueName(),
    lastName: uniqueName(),
  };
  const form = await dataFieldForm(request);
  await expect(page.getByRole('button', { name: 'Create account and continue' })).toBeVisible();
  if (a11yLabel) await expectNoA11yViolations(page, a11yLabel);
  for (const field of fieldsOf(form)) {
    if (field.name === 'date_of_birth') await answerField(page, field, dateOfBirth);
    else if (field.is_required && field.is_authorised)
      await answerField(page, field, validAnswer(field, visitor));
  }
  await page.getByLabel(/^password/i).fill(visitor.password);
  await page.getByLabel(/^confirm password/i).fill(visitor.password);
  await page.getByRole('checkbox', { name: /I agree to the Terms and Conditions/i }).click();
  const terms = page.getByRole('dialog', { name: 'Terms and Conditions' });
  await expect(terms.getByRole('button', { name: 'I Agree' })).toBeVisible();
  await terms.locator('[data-terms-scroll]').evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });
  await terms.getByRole('button', { name: 'I Agree' }).click();
  await expect(terms).toBeHidden();
  await expect(page.getByRole('checkbox', { name: /I agree to the Terms and Conditions/i })).toBeChecked();
  await page.getByRole('button', { name: 'Create account and continue' }).click();
  if (purchaseDetails) await givePurchaseDetails(page, request, visitor, dateOfBirth);
  return visitor;
}

/**
 * After registering, a new joiner gives the membership_purchase data a member gives (the seed's
 * purchase form requires the emergency contact, which registration does not): the required fields
 * registration left empty are answered and 'Continue' pressed.
 */
async function givePurchaseDetails(
  page: Page,
  request: APIRequestContext,
  visitor: Visitor,
  dateOfBirth: string,
): Promise<void> {
  await expect(
    page.getByText('Your account is ready. We need a few more details before you buy a membership.'),
  ).toBeVisible();
  await answerPurchaseDetails(page, request, visitor, dateOfBirth);
}

/**
 * Your details for a signed-in customer: the required membership_purchase fields still empty are
 * answered (no 'can't be edited' notice: they are the customer's to edit) and 'Continue' pressed.
 */
export async function answerPurchaseDetails(
  page: Page,
  request: APIRequestContext,
  person: Pick<Visitor, 'email' | 'firstName' | 'lastName'>,
  dateOfBirth = '1990-05-17',
): Promise<void> {
  await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeVisible();
  await expect(page.getByText("These details can't be edited right now")).toHaveCount(0);
  const form = await dataFieldForm(request, 'membership_purchase');
  for (const field of fieldsOf(form)) {
    if (!field.is_required || !field.is_authorised) continue;
    if (field.type === 'multi_select') {
      const group = page.getByRole('group', { name: labelPattern(field.label) });
      if ((await group.getByRole('checkbox', { checked: true }).count()) > 0) continue;
    } else if (field.type === 'checkbox') {
      if (await fieldControl(page, field).isChecked()) continue;
    } else if ((await fieldControl(page, field).inputValue()) !== '') {
      continue;
    }
    await answerField(page, field, field.name === 'date_of_birth' ? dateOfBirth : validAnswer(field, person));
  }
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

/** The joining venue list (for ids): GET api/online-joining/venues. */
export async function venueId(request: APIRequestContext, slug: string): Promise<number> {
  const response = await request.get('/api/online-joining/venues');
  expect(response.status(), 'GET /api/online-joining/venues').toBe(200);
  const venues = ((await response.json()) as { data: { id: number; slug: string }[] }).data;
  const venue = venues.find((candidate) => candidate.slug === slug);
  if (!venue) throw new Error(`no joining venue ${slug}`);
  return venue.id;
}

export interface OfferedType {
  slug: string;
  name: string;
  is_purchasable: { can_purchase: boolean; has_prices: boolean; message: string | null };
}

/** The membership types offered at a venue to this request context's user: GET api/memberships/types. */
export async function offeredTypes(request: APIRequestContext, venue: number): Promise<OfferedType[]> {
  const response = await request.get(`/api/memberships/types?venue_id=${venue}`);
  expect(response.status(), 'GET /api/memberships/types').toBe(200);
  return ((await response.json()) as { data: OfferedType[] }).data;
}

/** The signed-in user of a request context: GET api/auth/user. */
export async function signedInUser(
  request: APIRequestContext,
): Promise<{ email: string; has_instruction: boolean; has_billing_date: boolean }> {
  const response = await request.get('/api/auth/user');
  expect(response.status(), 'GET /api/auth/user').toBe(200);
  return (
    (await response.json()) as {
      data: { email: string; has_instruction: boolean; has_billing_date: boolean };
    }
  ).data;
}

/** Map tiles come from the internet, which the journeys do not reach: fail them at once. */
export async function blockMapTiles(page: Page): Promise<void> {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
}
