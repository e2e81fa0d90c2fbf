import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { billingAddress, testCards } from './bookings';
import {
  type Customer,
  completeMembershipDetails,
  createCustomer,
  logInThroughApi,
  writeHeaders,
} from './customers';
import { venueId } from './joining';

/**
 * Shortcuts through the API for journeys about something else: a signed-in member, and a basket
 * paid by the sandbox card. The journeys that are about those things drive the pages instead.
 */

/** Today's date in the operator's time zone, YYYY-MM-DD. */
export function londonToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
}

/** The answer's JSON, after checking its status (the body is the failure message). */
export async function okJson<T>(
  answer: { json(): Promise<unknown>; status(): number; text(): Promise<string> },
  status = 200,
): Promise<T> {
  expect(answer.status(), await answer.text()).toBe(status);
  return (await answer.json()) as T;
}

/** A new member signed in on the page's context; answers the customer and their id. */
export async function signedInMember(
  page: Page,
  tag: string,
): Promise<{ customer: Customer; userId: number }> {
  const customer = await createCustomer(page.request, tag);
  await logInThroughApi(page.request, customer);
  const user = await okJson<{ data: { id: number } }>(await page.request.get('/api/auth/user'));
  return { customer, userId: user.data.id };
}

/** Pays the open basket by the sandbox card through checkout; answers the total paid. */
export async function payBasketThroughApi(
  request: APIRequestContext,
  payer: { firstName: string; lastName: string } = { firstName: 'E2E', lastName: 'Member' },
): Promise<number> {
  const cart = await okJson<{ data: { id: number; item_hash: string; total: number } }>(
    await request.get('/api/activities/cart'),
  );
  const checkoutTerms = await okJson<{ data: { id: number }[] }>(
    await request.get(`/api/terms?cart_id=${cart.data.id}`),
  );
  const token = await okJson<{ token: string }>(
    await request.post('/sandbox-pay/tokens', {
      data: {
        card_number: testCards.succeeds,
        expiry_month: 12,
        expiry_year: new Date().getFullYear() + 3,
        cvc: '123',
        name: `${payer.firstName} ${payer.lastName}`,
      },
    }),
  );
  await okJson(
    await request.post('/api/checkout/complete', {
      headers: await writeHeaders(request),
      data: {
        item_hash: cart.data.item_hash,
        terms: checkoutTerms.data.map((term) => term.id),
        completed_waivers: [],
        payments: [{ tender_type: 'card', amount: cart.data.total, info: null }],
        card: {
          token: token.token,
          save_card: false,
          billing: {
            first_name: payer.firstName,
            last_name: payer.lastName,
            address_line_1: billingAddress.addressLine1,
            town: billingAddress.town,
            postcode: billingAddress.postcode,
          },
        },
      },
    }),
  );
  return cart.data.total;
}

/**
 * Puts a membership at Leeds Riverside in the basket through the joining calls (a monthly one with
 * the sandbox bank details, billing on the 1st), with a promotion code when given; answers the
 * membership id.
 */
export async function submitMembershipThroughApi(
  request: APIRequestContext,
  slug: string,
  paymentType: 'recurring' | 'fixed',
  { promotionCode }: { promotionCode?: string } = {},
): Promise<number> {
  await completeMembershipDetails(request);
  const venue = await venueId(request, 'leeds-riverside');
  const types = await okJson<{
    data: { id: number; slug: string; payment_options: { id: number; payment_type: string }[] }[];
  }>(await request.get(`/api/memberships/types?venue_id=${venue}`));
  const type = types.data.find((candidate) => candidate.slug === slug);
  const option = type?.payment_options.find((candidate) => candidate.payment_type === paymentType);
  if (!type || !option) throw new Error(`no ${paymentType} option of ${slug}`);
  const termIds: number[] = [];
  for (const kind of ['health_commitment', 'membership']) {
    const terms = await okJson<{ data: { id: number }[] }>(await request.get(`/api/terms?type=${kind}`));
    termIds.push(...terms.data.map((term) => term.id));
  }
  let directDebit: { token: string } | undefined;
  if (paymentType === 'recurring') {
    const validated = await okJson<{ data: { details_token: string } }>(
      await request.post('/api/online-joining/direct-debit/validate', {
        headers: await writeHeaders(request),
        data: { account_holder_name: 'E2E Member', account_number: '55779911', sort_code: '200000' },
      }),
    );
    directDebit = { token: validated.data.details_token };
  }
  const promotion = promotionCode
    ? await okJson<{ data: { id: number } }>(
        await request.get(`/api/v1/membership-promotions/validate/${promotionCode}/${option.id}`),
      )
    : undefined;
  const submitted = await okJson<{ data: { membership: { id: number } } }>(
    await request.post('/api/online-joining/memberships', {
      headers: await writeHeaders(request),
      data: {
        membership_type_id: type.id,
        payment_option_id: option.id,
        home_venue_id: venue,
        start_date: londonToday(),
        billing_day: paymentType === 'recurring' ? 1 : undefined,
        promotion_code_id: promotion?.data.id,
        terms: termIds,
        answers: [],
        direct_debit: directDebit,
      },
    }),
    201,
  );
  return submitted.data.membership.id;
}

/**
 * Buys a membership at Leeds Riverside through the joining calls and a card checkout, as the joining
 * flow does; answers the membership id.
 */
export async function joinMembershipThroughApi(
  request: APIRequestContext,
  slug: string,
  paymentType: 'recurring' | 'fixed',
): Promise<number> {
  const membershipId = await submitMembershipThroughApi(request, slug, paymentType);
  await payBasketThroughApi(request);
  return membershipId;
}

/**
 * A new member signed in on the page's context who has bought the Student membership (single
 * payment) and owes its proof of eligibility; answers the membership id.
 */
export async function signedInStudent(page: Page, tag: string): Promise<number> {
  await signedInMember(page, tag);
  // Students must be 16 or over: the joining check needs a date of birth.
  await okJson(
    await page.request.put('/api/my-account/user/update?onboarding_type=customer_account_online', {
      headers: await writeHeaders(page.request),
      data: { date_of_birth: '2004-09-01' },
    }),
  );
  return joinMembershipThroughApi(page.request, 'student', 'fixed');
}

/** Opens the Manage membership modal of a membership card by its type's name. */
export async function openManageMembership(page: Page, typeName: string): Promise<Locator> {
  await page.getByRole('button', { name: new RegExp(`^Manage membership ${typeName}`) }).click();
  const dialog = page.getByRole('dialog', { name: 'Manage membership' });
  await expect(dialog).toBeVisible();
  return dialog;
}
