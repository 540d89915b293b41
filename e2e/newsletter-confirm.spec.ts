import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { NEWSLETTER_CONFIRM_MESSAGES } from '../contract/forms/newsletter-messages';
import { dataDir, expectNoAxeViolations, rowsWhere, uniqueEmail } from './support/forms';
import { startNext, stop, type Server } from './support/next-server';

/**
 * Double opt-in (issue 31), with JavaScript on and off (the phone projects): the confirmation mail
 * the built-in backend writes (DATA_DIR/mail/<outbox id>.eml, SMTP_URL unset) carries a link to
 * /newsletter/confirm; opening it changes nothing; its button confirms; a forged link is refused.
 */
/** axe runs its script in the page: in the JavaScript projects (the markup is the server's either way). */
const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

const subscription = (email: string) => rowsWhere('newsletter_subscriptions', 'email', email)[0];

async function signUp(page: Page, email: string) {
  const response = await page.request.post('/api/forms/newsletter/', { data: { email } });
  expect(response.status()).toBe(201);
}

/** The confirmation mail's link, once the outbox has delivered it (after the response). */
async function mailedLink(email: string): Promise<URL> {
  let id: string | undefined;
  await expect
    .poll(() => {
      const entry = rowsWhere('outbox', 'recipient', email).find((r) => r.kind === 'newsletterConfirm' && r.status === 'done');
      id = entry ? String(entry.id) : undefined;
      return id;
    }, { timeout: 15_000 })
    .toBeDefined();
  const mail = await simpleParser(readFileSync(path.join(dataDir(), 'mail', `${id}.eml`)));
  const found = /https?:\/\/\S+\/newsletter\/confirm\?\S+/.exec(mail.text ?? '')?.[0];
  expect(found, mail.text).toBeDefined();
  return new URL(found!);
}

test.describe('newsletter confirmation', () => {
  test('the mailed link opens a page that changes nothing; its button confirms', async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo, 'confirm');
    await signUp(page, email);
    expect(subscription(email)?.confirmed_at).toBeNull();
    const link = await mailedLink(email);
    expect(link.searchParams.get('email')).toBe(email);

    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(NEWSLETTER_CONFIRM_MESSAGES.title);
    await expect(page.getByTestId('confirm-email')).toHaveText(email);
    // Opening the page (what a mail scanner does) confirmed nothing.
    await page.reload();
    expect(subscription(email)?.confirmed_at).toBeNull();

    await page.getByRole('button', { name: NEWSLETTER_CONFIRM_MESSAGES.button }).click();
    await expect(page).toHaveURL(/\/newsletter\/confirm\/done$/);
    await expect(page.getByTestId('confirm-done')).toHaveText(NEWSLETTER_CONFIRM_MESSAGES.done);
    expect(String(subscription(email)?.confirmed_at)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    if (jsOn()) await expectNoAxeViolations(page);
  });

  test('a forged link is refused, with the reason, and confirms nothing', async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo, 'forged-confirm');
    await signUp(page, email);
    const link = await mailedLink(email);
    const forged = new URLSearchParams({ email, t: `${link.searchParams.get('t')!.slice(0, 21)}${link.searchParams.get('t')!.endsWith('A') ? 'B' : 'A'}` });
    await page.goto(`/newsletter/confirm?${forged.toString()}`);
    await page.getByRole('button', { name: NEWSLETTER_CONFIRM_MESSAGES.button }).click();
    await expect(page.getByTestId('confirm-error')).toHaveText(NEWSLETTER_CONFIRM_MESSAGES.refused);
    await expect(page.getByRole('button', { name: NEWSLETTER_CONFIRM_MESSAGES.button })).toHaveCount(0);
    expect(subscription(email)?.confirmed_at).toBeNull();
    if (jsOn()) await expectNoAxeViolations(page);

    // Another address's valid link, edited to this address: refused too.
    const other = uniqueEmail(testInfo, 'other-confirm');
    await signUp(page, other);
    const otherLink = await mailedLink(other);
    await page.goto(`/newsletter/confirm?${new URLSearchParams({ email, t: otherLink.searchParams.get('t')! }).toString()}`);
    await page.getByRole('button', { name: NEWSLETTER_CONFIRM_MESSAGES.button }).click();
    await expect(page.getByTestId('confirm-error')).toHaveText(NEWSLETTER_CONFIRM_MESSAGES.refused);
    expect(subscription(email)?.confirmed_at).toBeNull();
    expect(subscription(other)?.confirmed_at).toBeNull();
  });

  test('a link with no token shows the refusal and no button', async ({ page }) => {
    await page.goto('/newsletter/confirm?email=reader%40example.com');
    await expect(page.getByTestId('confirm-error')).toHaveText(NEWSLETTER_CONFIRM_MESSAGES.refused);
    await expect(page.getByRole('button', { name: NEWSLETTER_CONFIRM_MESSAGES.button })).toHaveCount(0);
  });
});

/**
 * With API_BASE_URL (the festival's own backend): the page's button forwards to that backend's
 * POST /api/newsletter/confirm/, whose answer decides the page. A stand-in on loopback records it.
 */
test.describe('newsletter confirmation with an external backend', () => {
  const GOOD = 'GoodTokenFromExternal1';
  let site: Server;
  let external: http.Server;
  const received: Array<Record<string, unknown>> = [];

  test.describe.configure({ mode: 'serial', timeout: 90_000 });

  test.beforeAll(async () => {
    external = http.createServer((req, res) => {
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const route = (req.url ?? '').split('?')[0]!.replace(/\/+$/, '');
        if (route === '/api/content/hero') return json(200, { success: true, data: {} });
        if (req.method === 'POST' && route === '/api/newsletter/confirm') {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
          received.push(body);
          return body.token === GOOD
            ? json(200, { success: true, message: 'Confirmed', confirmedAt: new Date().toISOString() })
            : json(403, { success: false, message: 'Refused', errors: {} });
        }
        return json(404, { success: false, message: 'Not found' });
      });
    });
    await new Promise<void>((resolve) => external.listen(0, '127.0.0.1', resolve));
    site = await startNext({ API_BASE_URL: `http://127.0.0.1:${(external.address() as AddressInfo).port}`, RATE_LIMIT_MAX: '0' });
  });

  test.afterAll(async () => {
    await stop(site);
    await new Promise((resolve) => external?.close(resolve));
  });

  test('the button posts the link’s address and token to that backend; its answer decides the page', async ({ page }) => {
    await page.goto(`${site.origin}/newsletter/confirm?email=reader%40example.com&t=${GOOD}`);
    expect(received).toEqual([]);
    await page.getByRole('button', { name: NEWSLETTER_CONFIRM_MESSAGES.button }).click();
    await expect(page).toHaveURL(/\/newsletter\/confirm\/done$/, { timeout: 20_000 });
    expect(received).toEqual([{ email: 'reader@example.com', token: GOOD }]);

    await page.goto(`${site.origin}/newsletter/confirm?email=reader%40example.com&t=${'A'.repeat(22)}`);
    await page.getByRole('button', { name: NEWSLETTER_CONFIRM_MESSAGES.button }).click();
    await expect(page.getByTestId('confirm-error')).toHaveText(NEWSLETTER_CONFIRM_MESSAGES.refused);
    expect(received).toHaveLength(2);
  });
});
