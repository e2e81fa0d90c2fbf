import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../support/a11y';
import {
  addFirstBookableCourt,
  agreeToCheckoutTerms,
  basketItem,
  expectCheckoutSuccessful,
  fillBilling,
  openDay,
  proceedToCheckout,
  sessionWithStatus,
  testCards,
  typeCard,
} from '../../support/bookings';
import { bootstrapLink, emptyOperatorUrl, openArea, totpCode } from '../../support/console';
import { createCustomer, logInThroughApi } from '../../support/customers';
import {
  costRow,
  registerInYourDetails,
  sandboxBank,
  selectMembership,
  signedInUser,
} from '../../support/joining';
import { londonToday } from '../../support/member-api';

// Each step fails fast with its own message, rather than the whole journey's timeout.
test.use({ timezoneId: 'Europe/London', actionTimeout: 15_000 });

/** A form control by its label, whether or not the label marks it required (' *'). */
function field(scope: Page | ReturnType<Page['getByRole']>, label: string | RegExp) {
  const text =
    typeof label === 'string'
      ? label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      : label.source.replace(/^\^|\$$/g, '');
  return scope.getByLabel(new RegExp(`^${text}( \\*)?$`));
}

/** A London date `days` after today, YYYY-MM-DD. */
function dayFromToday(days: number): string {
  const [year, month, day] = londonToday().split('-').map(Number);
  return new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, (day ?? 1) + days)).toISOString().slice(0, 10);
}

const administrator = { email: 'sam.lee@riverside.example', password: 'Riverside-Admin-1' };
const venues = [
  {
    name: 'Riverside Central',
    slug: 'riverside-central',
    address: '1 Quay Street',
    town: 'Leeds',
    postcode: 'LS1 4AP',
    lat: '53.7950',
    lng: '-1.5470',
  },
  {
    name: 'Riverside North',
    slug: 'riverside-north',
    address: '20 Park Road',
    town: 'Harrogate',
    postcode: 'HG1 5AA',
    lat: '53.9920',
    lng: '-1.5390',
  },
] as const;

/**
 * The status a saved form shows (some forms then move on to the new record's page, so it may not
 * stay); on failure, what the page said instead (a field's message).
 */
async function saved(page: Page, message: string | RegExp): Promise<void> {
  try {
    await page.getByText(message).first().waitFor({ timeout: 10_000 });
  } catch {
    throw new Error(`"${message}" did not show; the page said: ${await page.locator('main').innerText()}`);
  }
}

/** Waits for a control; on failure, says what the page said instead. */
async function appears(page: Page, locator: ReturnType<Page['getByRole']>): Promise<void> {
  try {
    await locator.waitFor({ timeout: 10_000 });
  } catch {
    throw new Error(`${locator} did not show; the page said: ${await page.locator('main').innerText()}`);
  }
}

/** The first administrator: the one-time link, a password of their own, then TOTP enrolment. */
async function becomeAdministrator(page: Page): Promise<string> {
  await page.goto(bootstrapLink());
  await expect(page.getByRole('heading', { level: 1, name: 'Set your password' })).toBeVisible();
  await expectNoA11yViolations(page, 'console: set your password');
  await field(page, 'New password').fill(administrator.password);
  await field(page, 'Confirm new password').fill(administrator.password);
  await page.getByRole('button', { name: 'Set password' }).click();

  await expect(page.getByText('Your password is set. Sign in to continue.')).toBeVisible();
  await field(page, 'Email').fill(administrator.email);
  await field(page, 'Password').fill(administrator.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Set up two-step verification' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expectNoA11yViolations(page, 'console: two-step enrolment');
  const keyText = (await page.getByText(/^Or type this key into the app:/).textContent()) ?? '';
  const secret = keyText.replace(/^Or type this key into the app:\s*/, '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await field(page, 'Code from your authenticator app').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Confirm' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Save your recovery codes' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved these' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Console' })).toBeVisible();
  await expectNoA11yViolations(page, 'console: home');
  return secret;
}

async function setTheTheme(page: Page): Promise<void> {
  await openArea(page, 'Operator');
  await page.getByRole('link', { name: 'Theme', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Theme' })).toBeVisible();
  await field(page, 'Primary colour').fill('#0b6e4f');
  await field(page, 'Header background colour').fill('#083d2c');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await saved(page, 'Draft saved. Check the preview, then publish.');
  await expectNoA11yViolations(page, 'console: theme with a draft');
  await page.getByRole('button', { name: 'Publish' }).click();
  await saved(page, 'Published: customers see it on their next page.');
}

async function addVenue(page: Page, venue: (typeof venues)[number]): Promise<void> {
  await openArea(page, 'Venues');
  await page.getByRole('link', { name: 'Add venue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add a venue' })).toBeVisible();
  await field(page, 'Name').fill(venue.name);
  await field(page, 'Web address name').fill(venue.slug);
  await field(page, 'Address line 1').fill(venue.address);
  await field(page, 'Town').fill(venue.town);
  await field(page, 'Postcode').fill(venue.postcode);
  await field(page, 'Latitude').fill(venue.lat);
  await field(page, 'Longitude').fill(venue.lng);
  await page.getByRole('button', { name: 'Create venue' }).click();
  // Created, the form becomes the venue's own page.
  await expect(page.getByRole('heading', { level: 1, name: venue.name })).toBeVisible();
}

async function addActivity(
  page: Page,
  activity: { name: string; slug: string; kind: string; minutes: string; price: string; memberPrice: string },
): Promise<void> {
  await openArea(page, 'Activities');
  await page.getByRole('link', { name: 'Add activity' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add an activity' })).toBeVisible();
  await field(page, 'Name').fill(activity.name);
  await field(page, 'Web address name').fill(activity.slug);
  await field(page, 'Category').selectOption({ label: 'Sport' });
  await field(page, 'Kind').selectOption({ label: activity.kind });
  await field(page, /^(Slot length|Length) in minutes$/).fill(activity.minutes);
  await page.getByRole('checkbox', { name: venues[0].name }).check();
  await field(page, 'Standard adult price (£)').fill(activity.price);
  await field(page, 'Member adult price (£)').fill(activity.memberPrice);
  await page.getByRole('button', { name: 'Create activity' }).click();
  await expect(page.getByRole('heading', { level: 1, name: activity.name })).toBeVisible();
}

async function addLocation(page: Page, name: string, slug: string, facility: string): Promise<void> {
  await openArea(page, 'Activities');
  await page.getByRole('link', { name: 'Locations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();
  await field(page, 'Venue').selectOption({ label: venues[0].name });
  await field(page, 'Location name').fill(name);
  await field(page, 'Location web address name').fill(slug);
  await field(page, 'Facility').fill(facility);
  await page.getByRole('button', { name: 'Add location' }).click();
  await expect(page.getByRole('cell', { name }).or(page.getByText(name)).first()).toBeVisible();
}

async function addWeeklyPattern(
  page: Page,
  pattern: { activity: RegExp; location: string; start: string; capacity: string },
): Promise<void> {
  await openArea(page, 'Timetables');
  await page.getByRole('link', { name: 'New weekly pattern' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New weekly pattern' })).toBeVisible();
  await field(page, 'Venue').selectOption({ label: venues[0].name });
  const activity = field(page, 'Activity');
  const option = activity.locator('option').filter({ hasText: pattern.activity });
  await activity.selectOption((await option.first().getAttribute('value')) ?? '');
  await field(page, 'Location').selectOption({ label: pattern.location });
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
    await page.getByRole('checkbox', { name: day }).check();
  }
  await field(page, 'Start time').fill(pattern.start);
  await field(page, 'Capacity').fill(pattern.capacity);
  await page.getByRole('button', { name: 'Save pattern' }).click();
  await saved(page, /^Weekly pattern saved\. \d+ sessions created\.$/);
}

/** Everything a customer needs, made in the console alone. */
async function setUpTheOperator(page: Page): Promise<void> {
  await setTheTheme(page);
  for (const venue of venues) await addVenue(page, venue);
  await expectNoA11yViolations(page, 'console: a venue');

  await openArea(page, 'Activities');
  await page.getByRole('link', { name: 'Categories' }).click();
  await field(page, 'Category name').fill('Sport');
  await field(page, 'Category web address name').fill('sport');
  await page.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByText('Sport').first()).toBeVisible();

  await addActivity(page, {
    name: 'Badminton',
    slug: 'badminton',
    kind: 'Court or lane hire (slots)',
    minutes: '40',
    price: '6.00',
    memberPrice: '4.00',
  });
  await addActivity(page, {
    name: 'Spin',
    slug: 'spin',
    kind: 'Class',
    minutes: '45',
    price: '8.00',
    memberPrice: '5.00',
  });
  await addActivity(page, {
    name: 'Swim Stage 1',
    slug: 'swim-stage-1',
    kind: 'Course',
    minutes: '30',
    price: '40.00',
    memberPrice: '30.00',
  });
  await addLocation(page, 'Court 1', 'court-1', 'Sports Hall');
  await addLocation(page, 'Studio', 'studio', 'Studio');
  await addLocation(page, 'Learner Pool', 'learner-pool', 'Pool');

  await addWeeklyPattern(page, {
    activity: /^Badminton/,
    location: 'Court 1',
    start: '18:00',
    capacity: '1',
  });
  await addWeeklyPattern(page, { activity: /^Spin/, location: 'Studio', start: '09:00', capacity: '12' });

  // A cancelled date: the Spin class the day after tomorrow.
  await openArea(page, 'Timetables');
  await page.getByRole('link', { name: 'Sessions', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sessions' })).toBeVisible();
  await field(page, 'Venue').selectOption({ label: venues[0].name });
  await field(page, 'From').fill(dayFromToday(2));
  await field(page, 'To').fill(dayFromToday(2));
  await page.getByRole('button', { name: `Cancel Spin on ${dayFromToday(2)} at 09:00` }).click();
  const cancel = page.getByRole('dialog');
  await cancel.getByRole('radio', { name: 'Account credit' }).check();
  await cancel.getByRole('button', { name: 'Cancel session' }).click();
  await saved(page, /^Session cancelled:/);

  await openArea(page, 'Timetables');
  await page.getByRole('link', { name: 'Courses' }).click();
  await page.getByRole('link', { name: 'New course' }).click();
  await field(page, 'Venue').selectOption({ label: venues[0].name });
  const courseActivity = field(page, 'Course activity');
  const courseOption = courseActivity.locator('option').filter({ hasText: /^Swim Stage 1/ });
  await courseActivity.selectOption((await courseOption.first().getAttribute('value')) ?? '');
  await field(page, 'Course name').fill('Swim Stage 1, Saturdays');
  await field(page, 'Dates').fill([dayFromToday(7), dayFromToday(14), dayFromToday(21)].join('\n'));
  await field(page, 'Start time').fill('10:00');
  await field(page, 'Location').selectOption({ label: 'Learner Pool' });
  await field(page, 'Capacity').fill('8');
  await page.getByRole('button', { name: 'Create course' }).click();
  await saved(page, /^Course created\./);

  // Memberships: one type, monthly and single payment, each with a joining fee; a freeze type.
  await openArea(page, 'Memberships');
  await page.getByRole('link', { name: 'Add membership type' }).click();
  await field(page, 'Name').fill('Gym and Swim');
  await field(page, 'Description').fill('The gym, the pool and every class.');
  await page.getByRole('group', { name: 'Sold at' }).getByRole('checkbox', { name: venues[0].name }).check();
  await page.getByRole('button', { name: 'Add membership type' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Gym and Swim' })).toBeVisible();
  await field(page, 'Option name').fill('Monthly');
  await field(page, 'Payment type').selectOption({ label: 'Monthly (direct debit)' });
  await field(page, 'Monthly fee (£)').fill('34.99');
  await field(page, 'Joining fee (£)').fill('20');
  await page.getByRole('button', { name: 'Add payment option' }).click();
  await appears(page, page.getByRole('button', { name: 'Save price of Monthly' }));
  await field(page, 'Option name').fill('12 months');
  await field(page, 'Payment type').selectOption({ label: 'Single payment' });
  await field(page, 'Price (£)').fill('349');
  await field(page, 'Joining fee (£)').fill('15');
  await field(page, 'Duration').fill('12');
  await field(page, 'Duration unit').selectOption('months');
  await page.getByRole('button', { name: 'Add payment option' }).click();
  await appears(page, page.getByRole('button', { name: 'Save price of 12 months' }));
  await expectNoA11yViolations(page, 'console: a membership type');

  await openArea(page, 'Memberships');
  await page.getByRole('link', { name: 'Freeze types' }).click();
  await page.getByRole('link', { name: 'Add freeze type' }).click();
  await field(page, 'Reason').fill('Travel');
  await field(page, 'Months offered').fill('1, 2');
  await page.getByRole('button', { name: 'Add freeze type' }).click();
  await expect(page.getByText('Travel').first()).toBeVisible();

  await openArea(page, 'Promotions');
  await page.getByRole('link', { name: 'Add promotion' }).click();
  await field(page, 'Code').fill('OPENING');
  await field(page, 'Name').fill('Opening offer');
  await field(page, 'Discount type').selectOption({ label: 'Percentage' });
  await field(page, 'Discount (%)').fill('50');
  await field(page, 'Applies to').selectOption({ label: 'Joining fee' });
  await page.getByRole('checkbox', { name: /^Gym and Swim – Monthly/ }).check();
  await page.getByRole('button', { name: 'Create promotion' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Promotion OPENING' })).toBeVisible();

  const terms = [
    { context: 'checkout', title: 'Booking terms', html: '<p>Bookings are non-transferable.</p>' },
    { context: 'direct_debit', title: 'Direct Debit Guarantee', html: '<p>The Direct Debit Guarantee.</p>' },
  ];
  for (const term of terms) {
    await openArea(page, 'Operator');
    await page.getByRole('link', { name: 'Terms', exact: true }).click();
    await page.getByRole('link', { name: 'Add terms' }).click();
    await field(page, 'Context').selectOption(term.context);
    await field(page, 'Title').fill(term.title);
    await field(page, 'Text (HTML)').fill(term.html);
    await page.getByRole('button', { name: 'Save terms' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Terms: ${term.title}` })).toBeVisible();
  }

  await openArea(page, 'Operator');
  await page.getByRole('link', { name: 'Waivers', exact: true }).click();
  await page.getByRole('link', { name: 'Add waiver' }).click();
  await field(page, 'Slug').fill('swimming');
  await field(page, 'Title').fill('Swimming waiver');
  await field(page, 'Waiver text (HTML)').fill('<p>I can swim 25 metres unaided.</p>');
  await page.getByRole('button', { name: 'Save waiver' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Waiver: Swimming waiver' })).toBeVisible();

  // Every change is in the audit log, newest first, under the administrator's name.
  await openArea(page, 'Audit log');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  await expect(page.getByText(administrator.email).first()).toBeVisible();
  await expectNoA11yViolations(page, 'console: audit log');
}

/** A customer books and pays for a court and a class on what the console made. */
async function bookACourtAndAClass(browser: Browser): Promise<void> {
  const context = await browser.newContext({ baseURL: emptyOperatorUrl(), timezoneId: 'Europe/London' });
  const page = await context.newPage();
  const customer = await createCustomer(page.request, 'console-customer');
  await logInThroughApi(page.request, customer);

  await page.goto(`/location/${venues[0].slug}/badminton`);
  await expect(page.getByRole('heading', { level: 1, name: 'Badminton' })).toBeVisible();
  const courts = await openDay(page, dayFromToday(1));
  await addFirstBookableCourt(page, courts);
  await expect(basketItem(page, 'Badminton')).toContainText('£6.00');

  await page.goto(`/location/${venues[0].slug}/spin`);
  const classes = await openDay(page, dayFromToday(1));
  await sessionWithStatus(classes, 'Book').getByRole('link').click();
  const dialog = page.getByRole('dialog', { name: 'Your selection' });
  await dialog.getByRole('button', { name: 'Book now' }).click();
  await expect(page.getByText('Successfully added item to the basket.')).toBeVisible();
  await dialog.getByRole('link', { name: 'Go to basket' }).click();
  await expect(basketItem(page, 'Spin')).toContainText('£8.00');

  await proceedToCheckout(page);
  await expect(page.getByText('To pay: £14.00')).toBeVisible();
  await agreeToCheckoutTerms(page);
  await typeCard(page, testCards.succeeds, `${customer.firstName} ${customer.lastName}`);
  await fillBilling(page, customer);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expectCheckoutSuccessful(page);
  const booked = page.getByRole('list', { name: 'Booked items' });
  await expect(booked).toContainText('Badminton');
  await expect(booked).toContainText('Spin');
  await expectNoA11yViolations(page, 'console-made operator: booking confirmed');

  // The cancelled date shows as no session to book.
  await page.goto(`/location/${venues[0].slug}/spin`);
  const strip = page.getByRole('navigation', { name: 'Choose a date' });
  await strip.locator(`a[href$="/${dayFromToday(2)}/by-time"]`).click();
  await expect(page.getByRole('list', { name: /^Sessions on/ })).toHaveCount(0);
  await context.close();
}

/** A visitor joins with the monthly membership and the promotion. */
async function joinWithThePromotion(browser: Browser): Promise<void> {
  const context = await browser.newContext({ baseURL: emptyOperatorUrl(), timezoneId: 'Europe/London' });
  const page = await context.newPage();
  await page.goto(`/join/centre/${venues[0].slug}`);
  await expect(selectMembership(page, 'Gym and Swim')).toBeVisible();
  await selectMembership(page, 'Gym and Swim').click();
  const visitor = await registerInYourDetails(page, page.request, 'console-joiner');
  await expect(costRow(page, 'Joining fee')).toHaveText('£20.00');
  const promo = page.getByRole('textbox', { name: /^Promo code/ });
  await promo.fill('OPENING');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Code applied')).toBeVisible();
  await expect(costRow(page, 'Discount')).toHaveText('-£10.00');
  await page.getByRole('combobox', { name: /^Billing day/ }).selectOption('1');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  // The direct debit, the summary, then the first amount by card.
  await page.getByRole('textbox', { name: /^Account number/ }).fill(sandboxBank.accountNumber);
  await page.getByRole('textbox', { name: /^Sort code/ }).fill(sandboxBank.sortCode);
  await page.getByRole('textbox', { name: /^Address line 1/ }).fill('1 River Street');
  await page.getByRole('textbox', { name: /^City/ }).fill('Leeds');
  await page.getByRole('textbox', { name: /^Postcode/ }).fill('LS1 4AP');
  await page.getByRole('checkbox', { name: /^I agree to the Direct Debit Guarantee/ }).check();
  await page
    .getByRole('checkbox', {
      name: /^I am the account holder and the only person required to authorise debits from this account/,
    })
    .check();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  const confirm = page.getByRole('region', { name: /Confirm your details$/ });
  await expect(confirm).toContainText('Gym and Swim');
  await expect(confirm).toContainText('OPENING');
  await confirm.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await agreeToCheckoutTerms(page);
  await typeCard(page, testCards.succeeds, `${visitor.firstName} ${visitor.lastName}`);
  await fillBilling(page, visitor);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expectCheckoutSuccessful(page);
  const user = await signedInUser(page.request);
  expect(user.email).toBe(visitor.email);
  expect(user.has_instruction).toBe(true);
  await context.close();
}

test('an operator sets itself up from an empty database in the console, and its customers book and join at once', async ({
  page,
  browser,
}) => {
  test.setTimeout(5 * 60_000);
  await page.goto(`${emptyOperatorUrl()}/admin/`);
  await becomeAdministrator(page);
  await setUpTheOperator(page);
  await bookACourtAndAClass(browser);
  await joinWithThePromotion(browser);
});
