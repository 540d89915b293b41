import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import {
  backendDbFile,
  errorSummary,
  expectFieldError,
  expectNoAxeViolations,
  fieldError,
  fillPerson,
  rowsWhere,
  uniqueEmail,
} from './support/forms';

const GOOD_CARD = '4084 0840 8408 4081';
const DECLINED_CARD = '4084 0800 0000 5408';

async function fillDonation(page: Page, email: string, card = GOOD_CARD) {
  await fillPerson(page, email);
  await page.getByLabel('Street address').fill('12 Ake Palace Road');
  await page.getByLabel('Town or city').fill('Abeokuta');
  await page.getByLabel('State', { exact: true }).fill('Ogun');
  await page.getByLabel('Postcode').fill('110101');
  await page.getByLabel('Name on card').fill('Adaeze Okafor');
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry date').fill('12/39');
  await page.getByLabel('Security code (CVC)').fill('408');
}

test.describe('donation form', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/donations');
  });

  test('is served with Cache-Control: no-store and offers naira quick choices', async ({ page, request }) => {
    const response = await request.get('/donations');
    expect(response.headers()['cache-control']).toContain('no-store');
    for (const label of ['₦2,000', '₦5,000', '₦10,000', '₦25,000', 'Other amount']) {
      await expect(page.getByRole('radio', { name: label })).toBeVisible();
    }
    await expect(page.getByLabel('Card number')).toHaveAttribute('autocomplete', 'cc-number');
    await expect(page.getByLabel('Expiry date')).toHaveAttribute('autocomplete', 'cc-exp');
    await expect(page.getByLabel('Security code (CVC)')).toHaveAttribute('autocomplete', 'cc-csc');
    await expect(page.getByLabel('Name on card')).toHaveAttribute('autocomplete', 'cc-name');
  });

  test('an empty submit shows every required message, the card ones in their own words', async ({ page }) => {
    await page.getByRole('button', { name: 'Donate' }).click();
    await expect(errorSummary(page)).toBeFocused();
    await expectFieldError(page, 'amount', 'This field is required');
    for (const name of ['firstName', 'lastName', 'email', 'phone', 'streetAddress', 'city', 'state', 'zipcode']) {
      await expectFieldError(page, name, 'This field is required');
    }
    await expectFieldError(page, 'cardHolder', 'Cardholder name is required');
    await expectFieldError(page, 'cardNumber', 'Card number is required');
    await expectFieldError(page, 'cardExpiry', 'Card expiry is required');
    await expectFieldError(page, 'cardCvc', 'CVC is required');
  });

  test('an amount of 50 gets the minimum message; the card number and CVC are never sent back', async ({ page }, testInfo) => {
    await fillDonation(page, uniqueEmail(testInfo, 'fifty'));
    await page.getByRole('radio', { name: 'Other amount' }).check();
    await page.getByLabel(/Other amount in naira/).fill('50');
    await page.getByRole('button', { name: 'Donate' }).click();
    await expectFieldError(page, 'amount', 'Minimum donation amount is ₦100');
    await expect(page.getByLabel(/Other amount in naira/)).toHaveValue('50');
    await expect(page.getByLabel('Name on card')).toHaveValue('Adaeze Okafor');
    await expect(page.getByLabel('Card number')).toHaveValue('');
    await expect(page.getByLabel('Security code (CVC)')).toHaveValue('');
    const html = await page.content();
    expect(html).not.toContain('4084 0840 8408 4081');
    expect(html).not.toContain('4084084084084081');
  });

  test('a bad email and phone get their messages', async ({ page }, testInfo) => {
    await fillDonation(page, uniqueEmail(testInfo, 'bad'));
    await page.locator('main').getByLabel('Email address').fill('ada@');
    await page.getByLabel('Phone number').fill('phone');
    await page.getByRole('radio', { name: '₦2,000' }).check();
    await page.getByRole('button', { name: 'Donate' }).click();
    await expectFieldError(page, 'email', 'Please enter a valid email address');
    await expectFieldError(page, 'phone', 'Please enter a valid phone number');
    await expect(page.getByRole('radio', { name: '₦2,000' })).toBeChecked();
  });

  test('the sandbox’s declined card shows the gateway’s message and stores nothing', async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo, 'declined');
    await fillDonation(page, email, DECLINED_CARD);
    await page.getByRole('radio', { name: '₦5,000' }).check();
    await page.getByRole('button', { name: 'Donate' }).click();
    await expect(errorSummary(page)).toContainText('Your card was declined by the bank. Please use another card.');
    await expect(page).toHaveURL(/\/donations$/);
    await expect(page.getByLabel('Card number')).toHaveValue('');
    expect(rowsWhere('donations', 'email', email).filter((r) => r.status === 'succeeded' || r.status === 'success')).toHaveLength(0);
  });

  test('a donation with the sandbox card lands on the thank-you page and is stored without the card', async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo, 'donor');
    await fillDonation(page, email);
    await page.getByRole('radio', { name: '₦5,000' }).check();
    await page.getByRole('button', { name: 'Donate' }).click();
    await expect(page).toHaveURL(/\/donations\/thank-you\?/);
    await expect(page.getByTestId('donation-amount')).toHaveText('₦5,000');
    // The built-in backend mails the receipt with the donation (issue 43): no "within 24 hours".
    await expect(page.getByText(/your receipt is on its way/i)).toBeVisible();
    await expect(page.getByText(/within 24 hours/)).toHaveCount(0);

    const rows = rowsWhere('donations', 'email', email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount_kobo: 500_000, currency: 'NGN', card_last4: '4081', source: 'frontend' });
    const raw = readFileSync(backendDbFile()).toString('latin1');
    expect(raw).not.toContain('4084084084084081');
  });

  test('a custom amount is used when "Other amount" is chosen', async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo, 'custom');
    await fillDonation(page, email);
    await page.getByRole('radio', { name: 'Other amount' }).check();
    await page.getByLabel(/Other amount in naira/).fill('1,250');
    await page.getByRole('button', { name: 'Donate' }).click();
    await expect(page.getByTestId('donation-amount')).toHaveText('₦1,250');
    expect(rowsWhere('donations', 'email', email)[0]).toMatchObject({ amount_kobo: 125_000 });
  });

  test('typing an amount picks "Other amount"; on-blur checks and clear on edit @js', async ({ page }) => {
    await page.getByLabel(/Other amount in naira/).fill('50');
    await expect(page.getByRole('radio', { name: 'Other amount' })).toBeChecked();
    await page.getByLabel(/Other amount in naira/).blur();
    await expectFieldError(page, 'amount', 'Minimum donation amount is ₦100');
    await page.getByLabel(/Other amount in naira/).pressSequentially('0');
    await expect(fieldError(page, 'amount')).toHaveCount(0);

    await page.getByLabel('Card number').fill('4084 0840 8408 4082');
    await page.getByLabel('Card number').blur();
    await expectFieldError(page, 'cardNumber', 'Please enter a valid card number');
    await page.getByLabel('Security code (CVC)').focus();
    await page.getByLabel('Security code (CVC)').blur();
    await expectFieldError(page, 'cardCvc', 'CVC is required');
  });

  test('in its error state the page has no axe violations @js', async ({ page }) => {
    await page.getByRole('button', { name: 'Donate' }).click();
    await expect(errorSummary(page)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
