import { expect, test, type Locator, type Page } from '@playwright/test';
import { RETURN_TEXT } from '../contract/forms/donation-messages';
import { startTestSmtp, type TestSmtp } from '../test/support/smtp';
import { requestsWithCardData, startPaystackStandIn, type PaystackStandIn } from '../test/support/paystack-stand-in';
import { fillPerson, uniqueEmail } from './support/forms';
import { startNext, stop, type Server } from './support/next-server';

/**
 * Real donations (issue 27) in a browser, JavaScript on and off: `next start` on the suite's build
 * with PAYSTACK_SECRET_KEY, a local stand-in of Paystack (its hosted page included) and a real SMTP
 * server on loopback. The donor fills the form, pays (or not) on the stand-in's page and comes back.
 */
const SECRET = 'sk_test_e2e_checkout_standin';
// One worker runs the file, so one server, stand-in and SMTP server boot for it (fully parallel, each
// worker that took a test booted its own, three at once, which outran the hook's timeout under load).
test.describe.configure({ mode: 'default' });
let smtp: TestSmtp;
let standIn: PaystackStandIn;
let server: Server;

test.beforeAll(async () => {
  smtp = await startTestSmtp();
  standIn = await startPaystackStandIn({ secretKey: SECRET });
  server = await startNext({
    PAYSTACK_SECRET_KEY: SECRET,
    PAYSTACK_BASE_URL: standIn.url,
    PAYSTACK_CHECKOUT_ORIGIN: standIn.checkoutOrigin,
    SMTP_URL: smtp.url,
    RATE_LIMIT_MAX: '0',
  });
  standIn.webhookUrl = `${server.origin}/api/payments/paystack/webhook`;
});
test.afterAll(async () => {
  await stop(server);
  await standIn?.close();
  await smtp?.close();
});

const receiptsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email) && /Receipt for your donation/.test(m.mail.subject ?? ''));

/** Fills the donation form and presses Donate: the browser ends on Paystack's (the stand-in's) page. */
async function donate(page: Page, email: string, amount = '₦5,000') {
  await page.goto(`${server.origin}/donations`);
  await page.getByRole('radio', { name: amount }).check();
  await fillPerson(page, email);
  await page.getByLabel('Street address').fill('12 Ake Palace Road');
  await page.getByLabel('Town or city').fill('Abeokuta');
  await page.getByLabel('State', { exact: true }).fill('Ogun');
  await page.getByLabel('Postcode').fill('110101');
  await page.getByRole('button', { name: 'Donate' }).click();
  await expect(page.getByRole('heading', { name: 'Paystack test checkout' })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(standIn.checkoutOrigin);
  const reference = [...standIn.transactions.values()].find((t) => t.email === email)!.reference;
  return { reference };
}

/** A payment reference is 45+ characters without a space: it must wrap, not run off the phone's screen. */
async function expectWithinPhone(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test('the form has no card fields, says where the payment is made, and lets the form go to Paystack (CSP form-action)', async ({ page, request }) => {
  const response = await request.get(`${server.origin}/donations`);
  expect(response.headers()['content-security-policy']).toMatch(new RegExp(`form-action 'self' ${standIn.checkoutOrigin.replace(/[.]/g, '\\.')}(;|$)`));
  await page.goto(`${server.origin}/donations`);
  await expect(page.getByTestId('checkout-note')).toContainText("Paystack's secure page: by card, bank transfer or USSD");
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await expect(page.getByLabel('Security code (CVC)')).toHaveCount(0);
});

test('a card payment ends on the thank-you page and the receipt reaches the SMTP server, once', async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, 'paid');
  const { reference } = await donate(page, email);
  await page.getByRole('button', { name: 'Pay with card' }).click();
  await expect(page).toHaveURL(/\/donations\/thank-you\?/);
  await expect(page.getByRole('heading', { name: 'Thank you for your donation!' })).toBeVisible();
  await expect(page.getByTestId('donation-amount')).toHaveText('₦5,000');
  await expect(page.getByText(reference)).toBeVisible();
  await expectWithinPhone(page, page.getByText(reference));
  await expect.poll(() => receiptsTo(email).length, { timeout: 20_000 }).toBe(1);
  expect(receiptsTo(email)[0]!.mail.text).toContain('Visa ending 4081');

  // Paystack resends its webhook five times; the donor refreshes the return page: still one receipt.
  for (let i = 0; i < 5; i++) expect(await standIn.sendWebhook(standIn.chargeSuccessEvent(reference))).toBe(200);
  for (let i = 0; i < 3; i++) {
    await page.goto(`${server.origin}/donations/return?trxref=${reference}&reference=${reference}`);
    await expect(page.getByRole('heading', { name: 'Thank you for your donation!' })).toBeVisible();
  }
  await page.waitForTimeout(1_500);
  expect(receiptsTo(email)).toHaveLength(1);
  expect(requestsWithCardData(standIn.requests)).toEqual([]);
});

test('a declined card: a clear page and no thank-you; Try again keeps the details and can pay', async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, 'declined');
  const first = await donate(page, email, '₦2,000');
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('heading', { name: RETURN_TEXT.failed.title })).toBeVisible();
  await expect(page.getByText('Paystack said: “Declined”')).toBeVisible();
  await expect(page.getByRole('heading', { name: /Thank you/ })).toHaveCount(0);
  await expectWithinPhone(page, page.getByText(first.reference));

  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Paystack test checkout' })).toBeVisible();
  const second = [...standIn.transactions.values()].filter((t) => t.email === email).at(-1)!;
  expect(second.reference).not.toBe(first.reference);
  expect(second.amount).toBe(200_000);
  await page.getByRole('button', { name: 'Pay with card' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your donation!' })).toBeVisible();
  await expect.poll(() => receiptsTo(email).length, { timeout: 20_000 }).toBe(1);
});

test('cancelled on Paystack: "not completed", nothing taken; a bank transfer waits, then its webhook sends the receipt', async ({ page }, testInfo) => {
  const left = uniqueEmail(testInfo, 'left');
  await donate(page, left);
  await page.getByRole('button', { name: 'Cancel payment' }).click();
  await expect(page.getByRole('heading', { name: RETURN_TEXT.abandoned.title })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();

  const transfer = uniqueEmail(testInfo, 'transfer');
  const { reference } = await donate(page, transfer);
  await page.getByRole('button', { name: 'Pay by bank transfer' }).click();
  await expect(page.getByRole('heading', { name: RETURN_TEXT.pending.title })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  expect(await standIn.complete(reference, { channel: 'bank_transfer' })).toBe(200);
  await expect.poll(() => receiptsTo(transfer).length, { timeout: 20_000 }).toBe(1);
  expect(receiptsTo(transfer)[0]!.mail.text).toContain('Bank transfer');
  await page.getByRole('link', { name: 'Check again' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your donation!' })).toBeVisible();
  expect(receiptsTo(left)).toHaveLength(0);
});

test('paid, then the tab closed: the webhook alone makes it paid and sends the receipt', async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, 'closed');
  const { reference } = await donate(page, email);
  const form = page.locator('form[action$="/pay"]');
  const action = await form.getAttribute('action');
  await page.close(); // the donor pays in the tab and closes it before Paystack sends it back
  const paid = await fetch(new URL(`${action}?return=0`, standIn.checkoutOrigin), { method: 'POST' });
  expect(paid.status).toBe(200);
  await expect.poll(() => receiptsTo(email).length, { timeout: 20_000 }).toBe(1);
  expect(standIn.webhooks.filter((w) => w.reference === reference).map((w) => w.status)).toEqual([200]);
});

test('a forged webhook is refused and changes nothing; a payment of another amount is no thank-you', async ({ page }, testInfo) => {
  const email = uniqueEmail(testInfo, 'forged');
  const { reference } = await donate(page, email);
  expect(await standIn.sendWebhook(standIn.chargeSuccessEvent(reference), { signature: 'ab'.repeat(64) })).toBe(401);
  await page.goto(`${server.origin}/donations/return?reference=${reference}`);
  await expect(page.getByRole('heading', { name: RETURN_TEXT.abandoned.title })).toBeVisible();

  await standIn.complete(reference, { send: false });
  standIn.overrideVerify(reference, { amount: 100 });
  await page.goto(`${server.origin}/donations/return?reference=${reference}`);
  await expect(page.getByRole('heading', { name: RETURN_TEXT.review.title })).toBeVisible();
  await page.waitForTimeout(1_000);
  expect(receiptsTo(email)).toHaveLength(0);
});
