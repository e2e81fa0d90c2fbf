import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../support/a11y';
import {
  addFirstBookableCourt,
  agreeToCheckoutTerms,
  basketItem,
  cardFrame,
  expectCheckoutSuccessful,
  fillBilling,
  logInThroughModal,
  openDay,
  proceedToCheckout,
  sessionAt,
  sessionWithStatus,
  testCards,
  typeCard,
} from '../../support/bookings';
import { type Customer, createCustomer, logInThroughApi } from '../../support/customers';
import { waitForEmail } from '../../support/mail';
import { findSession } from '../../support/sessions';

/** What the journeys read of `GET api/activities/cart` and `GET api/v1/activities/occurrences/{id}`. */
interface CartAnswer {
  data: {
    status: string;
    items: { name: string; cartable_resource: { occurrence_id: number | null } }[];
  };
}
interface OccurrenceAnswer {
  data: { id: string; booking: { id: number } | null };
}

/**
 * The second journey continues the first: it is the same customer, paying with the card the first
 * one saved. Everything else in this file stands alone.
 */
test.describe('a new customer pays with a new card, saves it, and pays with it next time', () => {
  test.describe.configure({ mode: 'serial' });
  let customer: Customer;

  test('an anonymous visitor browses to a court, logs in in the modal, books it and pays with a new card', async ({
    page,
    request,
  }) => {
    customer = await createCustomer(request, 'card');
    const cardholder = `${customer.firstName} ${customer.lastName}`;

    // Browse, anonymously, through the pages.
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Search for a venue' }).fill('Leeds');
    await page.getByRole('link', { name: 'Select Riverside Leisure Centre Leeds' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Riverside Leisure Centre Leeds' }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Racquet Sports' }).click();
    await page.getByRole('link', { name: 'Badminton', exact: true }).click();
    await page.getByRole('link', { name: 'Badminton 40min' }).click();
    const day = await findSession(request, { venue: 'leeds-riverside', activity: 'badminton-40min' });
    const list = await openDay(page, day.date);
    const session = sessionWithStatus(list, 'Log in to book');
    const time = (await session.getByRole('link').textContent()) ?? '';
    expect(time).toMatch(/^\d{2}:\d{2} - \d{2}:\d{2}$/);
    await session.getByRole('link').click();

    // 'Book now' asks for a login first; after it the visitor is still on the slot.
    const slot = page.getByRole('dialog', { name: 'Your selection' });
    await slot.getByRole('button', { name: 'Book now' }).click();
    await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
    await expectNoA11yViolations(page, 'login modal over the slot');
    await logInThroughModal(page, customer);
    await expect(slot).toBeVisible();
    const court =
      (await slot
        .getByRole('combobox', { name: 'Select location' })
        .locator('option:checked')
        .textContent()) ?? '';
    expect(court).toMatch(/^Court \d$/);
    await slot.getByRole('button', { name: 'Book now' }).click();
    await expect(page.getByText('Successfully added item to the basket.')).toBeVisible();
    await expectNoA11yViolations(page, 'slot modal after adding');
    await slot.getByRole('link', { name: 'Go to basket' }).click();

    // The basket holds the court, with a countdown.
    await expect(page.getByRole('heading', { level: 1, name: 'Shopping basket' })).toBeVisible();
    const item = basketItem(page, 'Badminton 40min');
    await expect(item).toContainText(time);
    await expect(item).toContainText(court);
    await expect(item).toContainText('£5.92');
    await expect(page.getByRole('timer')).toHaveText(/^Your places are held for \d+:\d\d$/);
    await expectNoA11yViolations(page, 'basket');
    await proceedToCheckout(page);

    // Checkout: the card is typed into the provider's frame, never into our page.
    await expect(basketItem(page, 'Badminton 40min')).toBeVisible();
    await expect(page.getByText('To pay: £5.92')).toBeVisible();
    await expect(cardFrame(page).getByLabel('Card number')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Pay with saved card' })).toHaveCount(0);
    await expectNoA11yViolations(page, 'checkout with the card frame');
    await agreeToCheckoutTerms(page, 'checkout terms modal');
    await typeCard(page, testCards.succeeds, cardholder);
    await expect(page.getByLabel('Card number')).toHaveCount(0);
    await page.getByRole('checkbox', { name: 'Save card details for future payments' }).check();
    await fillBilling(page, customer);

    // 'Pay now' disables while the order is processed: hold the request until that is seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      '**/api/checkout/complete',
      async (route) => {
        await held;
        await route.continue();
      },
      { times: 1 },
    );
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    release();

    // Confirmation: the reference and the item.
    await expect(page.getByText('Order completed Successfully.')).toBeVisible();
    const { orderId, reference } = await expectCheckoutSuccessful(page);
    const booked = page.getByRole('list', { name: 'Booked items' });
    await expect(booked.getByRole('listitem')).toHaveCount(1);
    await expect(booked.getByRole('listitem')).toContainText('Badminton 40min');
    await expect(booked.getByRole('listitem')).toContainText(time);
    await expect(booked.getByRole('listitem')).toContainText(`${court}, Riverside Leisure Centre Leeds`);
    await expectNoA11yViolations(page, 'booking confirmed');

    // The add-to-calendar link answers an iCalendar file.
    const calendarHref = await page.getByRole('link', { name: 'Add to calendar' }).getAttribute('href');
    expect(calendarHref).toContain(`/api/my-account/orders/${orderId}/calendar.ics`);
    const calendar = await page.request.get(calendarHref ?? '');
    expect(calendar.status()).toBe(200);
    expect(calendar.headers()['content-type']).toMatch(/^text\/calendar/);
    const ics = await calendar.text();
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain('Badminton 40min');

    // The confirmation email arrives over SMTP with the same .ics attached.
    const email = await waitForEmail(customer.email, `Booking confirmed: ${reference}`);
    const attachment = email.attachments.find((candidate) => candidate.filename === `${reference}.ics`);
    expect(attachment?.contentType).toMatch(/^text\/calendar/);
    expect(attachment?.text).toContain('BEGIN:VEVENT');
    expect(attachment?.text).toContain('Badminton 40min');
  });

  test('the same customer books two places on a class and pays with the saved card', async ({ page }) => {
    await logInThroughApi(page.request, customer);
    const session = await findSession(page.request, {
      venue: 'leeds-riverside',
      activity: 'fitness-classes-c',
      spaces: 2,
    });
    await page.goto('/location/leeds-riverside/fitness-classes-c');
    await expect(page.getByRole('heading', { level: 1, name: 'Fitness Classes C' })).toBeVisible();
    const list = await openDay(page, session.date);
    const chosen = sessionAt(list, session);
    await expect(chosen.getByText('Book', { exact: true })).toBeVisible();
    await chosen.getByRole('link').click();

    const dialog = page.getByRole('dialog', { name: 'Your selection' });
    const adults = dialog.getByRole('spinbutton', { name: 'Adult quantity' });
    await expect(adults).toHaveValue('1');
    await dialog.getByRole('button', { name: 'Add one Adult' }).click();
    await expect(adults).toHaveValue('2');
    await expect(dialog.getByRole('group', { name: 'Price options' })).toContainText('£15.00');
    await expectNoA11yViolations(page, 'class modal with two places');
    await dialog.getByRole('button', { name: 'Book now' }).click();
    await expect(page.getByText('Successfully added item to the basket.')).toBeVisible();
    await dialog.getByRole('link', { name: 'Go to basket' }).click();

    const item = basketItem(page, 'Fitness Classes C');
    await expect(item.getByLabel('Adult places')).toHaveValue('2');
    await expectNoA11yViolations(page, 'basket with a class');
    await proceedToCheckout(page);

    // The card saved last time is offered first; no frame is needed for it.
    const saved = page.getByRole('radio', { name: 'Pay with saved card' });
    await expect(saved).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Pay with a different card' })).not.toBeChecked();
    await expect(page.getByText('Visa ending 4242, expires 12/30')).toBeVisible();
    await expect(page.locator('iframe[title="Card details"]')).toHaveCount(0);
    await expect(page.getByText('To pay: £15.00')).toBeVisible();
    await expectNoA11yViolations(page, 'checkout with a saved card');
    await agreeToCheckoutTerms(page);
    await page.getByRole('button', { name: 'Pay now' }).click();

    await expectCheckoutSuccessful(page);
    const booked = page.getByRole('list', { name: 'Booked items' }).getByRole('listitem').first();
    await expect(booked).toContainText('Fitness Classes C');
    await expect(booked).toContainText('Adult x 2');
    await expect(booked).toContainText('£15.00');
    await expectNoA11yViolations(page, 'booking confirmed for a class');
  });
});

test('a declined card leaves its message beside the card form, books nothing and keeps the places held', async ({
  page,
  request,
}) => {
  const customer = await createCustomer(request, 'declined');
  await logInThroughApi(page.request, customer);
  const day = await findSession(page.request, { venue: 'york-ouse-bank', activity: 'badminton-40min' });
  await page.clock.install();
  await page.goto('/location/york-ouse-bank/badminton-40min');
  const list = await openDay(page, day.date);
  await addFirstBookableCourt(page, list);
  await expectNoA11yViolations(page, 'basket before paying');
  await proceedToCheckout(page);

  // The terms modal gives focus back to what opened it, also after 'I Agree' (the ticked box).
  const openTerms = page.getByRole('button', { name: 'Terms and Conditions' });
  await openTerms.click();
  await expect(page.getByRole('dialog', { name: 'Terms and Conditions' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Terms and Conditions' })).toBeHidden();
  await expect(openTerms).toBeFocused();
  await agreeToCheckoutTerms(page);
  await expect(page.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ })).toBeFocused();
  await typeCard(page, testCards.declined, `${customer.firstName} ${customer.lastName}`);
  await fillBilling(page, customer);
  await page.getByRole('button', { name: 'Pay now' }).click();

  // Beside the card form: what happened, that the places are still held, and for how long.
  const payment = page.getByRole('region', { name: 'Payment' });
  await expect(payment.getByRole('alert')).toHaveText('Your card was declined.');
  await expect(
    payment.getByText(
      'Nothing has been booked or charged. Your places are still held, so you can try another card.',
    ),
  ).toBeVisible();
  await expect(payment.getByRole('timer')).toHaveText(/^Your places are held for \d+:\d\d$/);
  // The frame does not call the refused card accepted.
  await expect(cardFrame(page).locator('body')).not.toContainText('accepted');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay now' })).toBeEnabled();
  await expectNoA11yViolations(page, 'checkout after a declined card');

  // The 10 s toast goes; the message stays.
  await page.clock.fastForward('00:11');
  await expect(page.locator('[data-dusk="notification-toast"]')).toHaveCount(0);
  await expect(payment.getByRole('alert')).toHaveText('Your card was declined.');

  // Nothing is booked: the basket is still open with the court, and the session has no booking of theirs.
  const cart = (await (await page.request.get('/api/activities/cart')).json()) as CartAnswer;
  expect(cart.data.status).toBe('open');
  expect(cart.data.items.map((item) => item.name)).toEqual(['Badminton 40min']);
  const occurrenceId = cart.data.items[0]?.cartable_resource.occurrence_id;
  expect(occurrenceId).toEqual(expect.any(Number));
  const occurrence = await page.request.get(`/api/v1/activities/occurrences/${occurrenceId}`);
  expect(occurrence.status()).toBe(200);
  expect(((await occurrence.json()) as OccurrenceAnswer).data.booking).toBeNull();

  await page.getByRole('link', { name: 'Edit basket' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping basket' })).toBeVisible();
  await expect(basketItem(page, 'Badminton 40min')).toBeVisible();
});

test('a card that needs 3-D Secure is authenticated in the frame and the payment succeeds', async ({
  page,
  request,
}) => {
  const customer = await createCustomer(request, 'challenge');
  await logInThroughApi(page.request, customer);
  const day = await findSession(page.request, { venue: 'sheffield-don-valley', activity: 'badminton-40min' });
  await page.goto('/location/sheffield-don-valley/badminton-40min');
  const list = await openDay(page, day.date);
  await addFirstBookableCourt(page, list);
  await proceedToCheckout(page);
  await agreeToCheckoutTerms(page);
  await typeCard(page, testCards.challenge, `${customer.firstName} ${customer.lastName}`);
  await fillBilling(page, customer);
  await page.getByRole('button', { name: 'Pay now' }).click();

  // The bank's challenge appears inside the provider's frame.
  const frame = cardFrame(page);
  await expect(frame.getByRole('heading', { name: 'Complete authentication' })).toBeVisible();
  await expect(frame.getByLabel('Card number')).toBeHidden();
  await expect(page.getByText('Complete authentication in the card details form.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  await expectNoA11yViolations(page, '3-D Secure challenge in the card frame');
  await frame.getByRole('button', { name: 'Authenticate' }).click();

  await expectCheckoutSuccessful(page);
  await expect(page.getByRole('list', { name: 'Booked items' })).toContainText('Badminton 40min');
});
