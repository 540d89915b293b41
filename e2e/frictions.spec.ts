/**
 * The frictions a year's walk found (issue 43), on a 390 px phone with JavaScript on and off: the
 * footer sign-up says to confirm by email; the donation form's error summary names each field; the
 * sandbox says no money moves, and its thank-you page says the receipt goes now, with the
 * receipt's reference; /register shows the festival's dates and venue; the phone header's Register
 * goes to /register; with one wristband left /register says so instead of "Maximum 10 tickets"; the
 * staff dashboard's "When" column is not cut off. The last two on a server of their own (three wristbands).
 */
import { expect, test, type Page } from '@playwright/test';
import { connectDb, type DbHandle } from '../backend/db/connect';
import { upsertStaffUser } from '../backend/auth/queries';
import { FESTIVAL_VENUE, formatFestivalDates } from '../contract/festival';
import { SANDBOX_NOTICE, THANK_YOU_RECEIPT_NOW } from '../contract/forms/donation-messages';
import { NEWSLETTER_MESSAGES } from '../contract/forms/newsletter-messages';
import { TEST_EDITION_ENV } from '../test/support/edition-env';
import { errorSummary, fieldError, fillPerson, rowsWhere, uniqueEmail } from './support/forms';
import { startNext, stop, type Server } from './support/next-server';
import { signInAsStaff } from './support/staff-sign-in';

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

const DATES = formatFestivalDates(TEST_EDITION_ENV.FESTIVAL_START_DATE, TEST_EDITION_ENV.FESTIVAL_END_DATE);

/** The element's right edge is within the phone's width, and it shows. */
async function expectWithinPhone(page: Page, locator: ReturnType<Page['locator']>) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
}

test('the footer sign-up keeps the spec’s sentence and adds the next step: confirm by email', async ({ page }, testInfo) => {
  await page.goto('/partnerships/thank-you');
  const form = page.locator('form#newsletter');
  await expect(form.getByTestId('newsletter-next-step')).toBeHidden();
  await form.getByLabel('Email address').fill(uniqueEmail(testInfo, 'next-step'));
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(form.getByTestId('newsletter-status')).toHaveText(NEWSLETTER_MESSAGES.success);
  await expect(form.getByTestId('newsletter-next-step')).toHaveText(NEWSLETTER_MESSAGES.nextStep);
  expect(NEWSLETTER_MESSAGES.nextStep).toContain('30 days');
  await expectWithinPhone(page, form.getByTestId('newsletter-next-step'));
});

test('the donation form’s error summary names each field; the inline messages stay the spec’s', async ({ page }) => {
  await page.goto('/donations');
  await page.getByRole('button', { name: 'Donate' }).click();
  const summary = errorSummary(page);
  await expect(summary).toBeVisible();
  const links = summary.getByRole('link');
  const texts = await links.allInnerTexts();
  // Each line says which field: no line repeats another.
  expect(new Set(texts).size).toBe(texts.length);
  for (const line of ['Donation amount: This field is required', 'First name: This field is required', 'Last name: This field is required', 'Email address: This field is required', 'Town or city: This field is required', 'Card number is required']) {
    expect(texts, line).toContain(line);
  }
  expect(texts).not.toContain('This field is required');
  await expect(fieldError(page, 'firstName')).toContainText('This field is required');
  await expect(fieldError(page, 'firstName')).not.toContainText('First name:');
  await expectWithinPhone(page, summary.getByRole('link', { name: 'Email address: This field is required' }));
});

test('the sandbox says no money moves; its thank-you page says the receipt goes now, with the receipt’s reference', async ({ page }, testInfo) => {
  await page.goto('/donations');
  await expect(page.getByTestId('sandbox-notice')).toContainText(SANDBOX_NOTICE.title);
  await expectWithinPhone(page, page.getByTestId('sandbox-notice'));
  const email = uniqueEmail(testInfo, 'sandbox');
  await fillPerson(page, email);
  await page.getByLabel('Street address').fill('12 Ake Palace Road');
  await page.getByLabel('Town or city').fill('Abeokuta');
  await page.getByLabel('State', { exact: true }).fill('Ogun');
  await page.getByLabel('Postcode').fill('110101');
  await page.getByLabel('Name on card').fill('Adaeze Okafor');
  await page.getByLabel('Card number').fill('4084 0840 8408 4081');
  await page.getByLabel('Expiry date').fill('12/39');
  await page.getByLabel('Security code (CVC)').fill('408');
  await page.getByRole('radio', { name: '₦2,000' }).check();
  await page.getByRole('button', { name: 'Donate' }).click();
  await expect(page).toHaveURL(/\/donations\/thank-you\?/);
  await expect(page.getByTestId('sandbox-notice')).toContainText(SANDBOX_NOTICE.title);
  await expect(page.getByTestId('donation-receipt-note')).toHaveText(THANK_YOU_RECEIPT_NOW);
  await expect(page.locator('main')).not.toContainText('24 hours');
  await expect(page.locator('main')).not.toContainText('business days');
  const rows = rowsWhere('donations', 'email', email);
  expect(rows).toHaveLength(1);
  // The reference the receipt mail carries (backend/donations/receipt-mail.ts), not the row's id.
  await expect(page.getByTestId('donation-reference')).toHaveText(String(rows[0]!.gateway_reference));
  expect(rows[0]!.gateway_reference).not.toBe(rows[0]!.id);
});

test('/register shows the festival’s dates and venue, and the spec’s maximum while 10 or more are left', async ({ page }) => {
  await page.goto('/register');
  const when = page.getByTestId('register-when');
  await expect(when).toContainText(DATES);
  await expect(when).toContainText(FESTIVAL_VENUE);
  await expectWithinPhone(page, when);
  await expect(page.getByTestId('register-max')).toHaveText('Maximum 10 tickets per registration');
});

test('the phone header’s Register goes to /register, not the home page’s #register', async ({ page }) => {
  await page.goto('/about');
  const compact = page.getByRole('banner').getByRole('link', { name: 'Register', exact: true });
  await expect(compact).toHaveAttribute('href', '/register');
  await expectWithinPhone(page, compact);
  await compact.click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Register for the festival');
});

test.describe('three wristbands, two taken', () => {
  let server: Server;
  let db: DbHandle;
  const STAFF = { email: 'frictions@itan.example', name: 'Femi Frictions', password: 'frictions-password-long' };

  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  test.beforeAll(async () => {
    server = await startNext({ REGISTRATION_CAPACITY: '3', RATE_LIMIT_MAX: '0' });
    db = connectDb({ sqlitePath: `${server.dataDir}/festival.sqlite` });
    await upsertStaffUser(db.db, STAFF);
    const res = await fetch(`${server.origin}/api/forms/registrations/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ firstName: 'Oluwaseun', lastName: 'Adebayo-Okonkwo', email: 'two@example.com', phone: '0803 123 4567', numberOfTickets: 2, submittedAt: new Date().toISOString() }),
    });
    expect(res.status).toBe(201);
  });
  test.afterAll(async () => {
    await db?.close();
    await stop(server);
  });

  test('with one wristband left /register says the real maximum, and the ticket count stops at it', async ({ page }) => {
    await page.goto(`${server.origin}/register`);
    await expect(page.getByTestId('register-max')).toHaveText('Maximum 1 ticket per registration: only 1 wristband is left.');
    await expect(page.locator('main')).not.toContainText('Maximum 10');
    await expect(page.getByLabel('Number of tickets')).toHaveAttribute('max', '1');
    await expect(page.getByText('From 1 to 1, one wristband each.')).toBeVisible();
  });

  test('on a 390 px phone the staff dashboard’s “When” column is not cut off', async ({ page }) => {
    await signInAsStaff(page, server.origin, STAFF, '/staff');
    const table = page.getByTestId('recent-registrations');
    const when = table.locator('td[data-label="When"]').first();
    await expectWithinPhone(page, when);
    await expect(when).toHaveText(/\d/);
    // Nothing in the table scrolls sideways.
    const overflow = await table.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await expectWithinPhone(page, table.locator('td[data-label="Name"]').first());
  });
});
