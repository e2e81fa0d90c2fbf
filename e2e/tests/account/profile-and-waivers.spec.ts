import { expect, type Page, test } from '@playwright/test';
import { expectNoA11yViolations } from '../../support/a11y';
import { createCustomer, logInThroughApi } from '../../support/customers';

/** A 640x480 PNG drawn by the browser's own canvas (a face on a backdrop), as bytes. */
async function drawnPng(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    context.fillStyle = '#2f6f8f';
    context.fillRect(0, 0, 640, 480);
    context.fillStyle = '#f2c9a0';
    context.beginPath();
    context.arc(320, 220, 120, 0, Math.PI * 2);
    context.fill();
    const blob = await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((made) => (made ? resolve(made) : reject(new Error('no blob'))), 'image/png'),
    );
    let binary = '';
    for (const byte of new Uint8Array(await blob.arrayBuffer())) binary += String.fromCharCode(byte);
    return btoa(binary);
  });
  return Buffer.from(base64, 'base64');
}

/** my-account.md 2.10: choose a file, crop it square, save; then delete it after the confirmation. */
test('a member sets a profile photo from a file through the crop modal, then deletes it', async ({
  page,
}) => {
  const customer = await createCustomer(page.request, 'photo');
  await logInThroughApi(page.request, customer);
  await page.goto('/account/user-details');
  await expect(page.getByRole('heading', { level: 1, name: 'My details' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Profile photo reminder' })).toBeVisible();

  await page.getByRole('button', { name: 'Add a photo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Profile photo' });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page, 'profile photo modal');

  // A web page renamed .png is refused before it is sent.
  await dialog.getByLabel('Choose a file').setInputFiles({
    name: 'me.png',
    mimeType: 'text/html',
    buffer: Buffer.from('<!doctype html><script>alert(1)</script>'),
  });
  await expect(page.getByText('Please choose a JPEG or PNG image.')).toBeVisible();

  await dialog.getByLabel('Choose a file').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: await drawnPng(page),
  });
  await expect(dialog.getByRole('application', { name: 'Crop area' })).toBeVisible();
  await expect(dialog.getByRole('slider', { name: 'Zoom' })).toBeVisible();
  await expectNoA11yViolations(page, 'profile photo modal: crop');
  await dialog.getByRole('slider', { name: 'Zoom' }).fill('1.5');
  await dialog.getByRole('button', { name: 'Save photo' }).click();
  await expect(page.getByText('Your profile photo has been saved')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The server made a 400x400 JPEG of it; only this member can read it.
  const photo = page.getByRole('img', { name: 'Your profile photo' });
  await expect(photo).toHaveJSProperty('naturalWidth', 400);
  await expect(photo).toHaveJSProperty('naturalHeight', 400);
  const src = await photo.getAttribute('src');
  const bytes = await page.request.get(src ?? '');
  expect(bytes.status()).toBe(200);
  expect(bytes.headers()['content-type']).toBe('image/jpeg');
  expect(bytes.headers()['cache-control']).toMatch(/^private/);
  await expect(page.getByRole('region', { name: 'Profile photo reminder' })).toBeHidden();

  // Delete, after the confirmation.
  await page.getByRole('button', { name: 'Change photo' }).click();
  await dialog.getByRole('button', { name: 'Delete photo' }).click();
  await expect(dialog.getByText('Are you sure you want to delete your profile photo?')).toBeVisible();
  await expectNoA11yViolations(page, 'profile photo modal: delete confirmation');
  await dialog.getByRole('button', { name: 'Yes, delete my photo' }).click();
  await expect(page.getByText('Your profile photo has been deleted')).toBeVisible();
  await expect(page.getByRole('img', { name: 'No profile photo' })).toBeVisible();
  expect((await page.request.get(src ?? '')).status()).toBe(404);

  // Still gone after a reload.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Add a photo' })).toBeVisible();
});

/** my-account.md 2.8: the waivers list under My details, a waiver's questions and 'I agree'. */
test('a member answers the questions of a waiver and signs it with I agree', async ({ page }) => {
  const customer = await createCustomer(page.request, 'waiver');
  await logInThroughApi(page.request, customer);
  await page.goto('/account/user-details');
  const waivers = page.getByRole('region', { name: 'Waivers' });
  await expect(waivers.getByRole('link', { name: 'Climbing wall enhanced waiver' })).toBeVisible();
  await expect(waivers.getByRole('heading', { name: /Climbing wall/ })).toContainText('Enhanced waiver');
  await expectNoA11yViolations(page, 'my details with waivers');

  await waivers.getByRole('link', { name: 'Climbing wall enhanced waiver' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Climbing wall enhanced waiver' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: /breadcrumb/i }).getByRole('link', { name: 'Waivers' }),
  ).toBeVisible();
  await expect(page.getByText(`${customer.firstName} ${customer.lastName}`)).toBeVisible();
  await expectNoA11yViolations(page, 'waiver view');

  // The required questions first.
  await page.getByRole('button', { name: 'I agree' }).click();
  await expect(page.getByText('Please answer this question.')).toHaveCount(2);
  await expectNoA11yViolations(page, 'waiver view: unanswered');
  await page.getByRole('radio', { name: 'A few times' }).check();
  await page.getByRole('textbox', { name: /Who will belay you/ }).fill('Sam Morgan');
  await page.getByRole('button', { name: 'I agree' }).click();
  await expect(page.getByText('Thank you, the waiver has been signed')).toBeVisible();
  await expect(page.getByText(/^Signed on \d\d\/\d\d\/\d{4} \d\d:\d\d/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'I agree' })).toBeHidden();
  await expect(page.getByText('Sam Morgan')).toBeVisible();

  // The list says so too, after a reload.
  await page.goto('/account/user-details/waivers');
  await expect(page.getByRole('heading', { level: 1, name: 'My waivers' })).toBeVisible();
  const item = page.getByRole('listitem').filter({ hasText: 'Climbing wall enhanced waiver' });
  await expect(item.getByText(/^Signed on \d{1,2} [A-Z][a-z]{2} \d{4}$/)).toBeVisible();
  await expectNoA11yViolations(page, 'waivers list');

  await page.goto('/account/user-details/waivers/no-such-waiver');
  await expect(page.getByRole('heading', { level: 1, name: 'Could not find this waiver.' })).toBeVisible();
  await expectNoA11yViolations(page, 'waiver not found');
});

/** The seeded member's pool waiver ran out: not listed, and its page says so with 'I agree'. */
test('an expired waiver is hidden from the list and says it has expired', async ({ page }) => {
  await logInThroughApi(page.request, {
    email: 'member@example.com',
    password: 'Member-Pass-1',
    firstName: 'Alex',
    lastName: 'Morgan',
  });
  await page.goto('/account/user-details/waivers');
  const list = page.getByRole('region', { name: 'Waivers' });
  await expect(list.getByRole('link', { name: 'Gym health declaration' })).toBeVisible();
  await expect(list.getByRole('link', { name: 'Pool safety rules' })).toHaveCount(0);

  await page.goto('/account/user-details/waivers/pool-safety-rules');
  await expect(page.getByText('This waiver has expired')).toBeVisible();
  await expect(page.getByRole('button', { name: 'I agree' })).toBeVisible();
  await expectNoA11yViolations(page, 'expired waiver');
});
