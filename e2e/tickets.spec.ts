/**
 * Tickets end to end (issue 14): register, receive the mail at a real SMTP server on loopback,
 * open the ticket from its link, check it in at the gate as staff, and see a second check-in
 * refused with when and by whom. Runs with JavaScript on and off. The spec starts its own
 * `next start` on the suite's build with SMTP_URL pointing at the SMTP server.
 */
import { expect, test, type Page } from '@playwright/test';
import { connectDb } from '../backend/db/connect';
import { upsertStaffUser } from '../backend/auth/queries';
import { startTestSmtp, type TestSmtp } from '../test/support/smtp';
import { expectNoAxeViolations } from './support/axe-scan';
import { decode } from './smoke/routes';
import { startNext, stop, type Server } from './support/next-server';

const CRON_SECRET = 'cron-secret-for-the-e2e-tests';
const STAFF = { email: 'gate@itan.example', name: 'Bisi Gate', password: 'gate-password-long' };

let smtp: TestSmtp;
let server: Server;

test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startNext({ SMTP_URL: smtp.url, RATE_LIMIT_MAX: '0', CRON_SECRET });
  // The first staff account comes from the staff:create path (upsertStaffUser), as in production.
  const handle = connectDb({ sqlitePath: `${server.dataDir}/festival.sqlite` });
  await upsertStaffUser(handle.db, STAFF);
  await handle.close();
});

test.afterAll(async () => {
  await stop(server);
  await smtp?.close();
});

function linkIn(text: string): string {
  const match = /https?:\/\/\S+\/tickets\/ITN-[A-Z0-9]{6}\?t=[A-Za-z0-9_-]{22}/.exec(text);
  expect(match, text).not.toBeNull();
  return match![0];
}

async function register(page: Page, email: string, tickets: number) {
  await page.goto(`${server.origin}/register`);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Obi');
  await page.locator('main').getByLabel('Email address').fill(email);
  await page.getByLabel('Phone number').fill('0803 123 4567');
  await page.getByLabel('Number of tickets', { exact: false }).first().fill(String(tickets));
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/registration\/thank-you/);
  return (await page.getByTestId('ticket-reference').textContent())!.trim();
}

async function mailFor(email: string) {
  await expect.poll(() => smtp.received.filter((m) => m.to.includes(email)).length, { timeout: 30_000 }).toBeGreaterThan(0);
  return smtp.received.filter((m) => m.to.includes(email));
}

async function signIn(page: Page) {
  await expect(page).toHaveURL(/\/staff\/login\?next=%2Fstaff%2Fcheck-in/);
  await page.locator('main').getByLabel('Email address').fill(STAFF.email);
  await page.getByLabel('Password').fill(STAFF.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/staff\/check-in$/, { timeout: 20_000 });
}

async function checkIn(page: Page, reference: string) {
  await page.getByLabel('Ticket reference').fill(reference);
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
}

test('register → ticket from the mail → check in → a second check-in is refused', async ({ page }, info) => {
  const email = `ada-${info.project.name}@example.com`;
  const reference = await register(page, email, 2);
  expect(reference).toMatch(/^ITN-[A-Z0-9]{6}$/);

  // The thank-you page links to the same ticket the mail does.
  const onPage = await page.getByRole('link', { name: 'Open your ticket' }).getAttribute('href');
  const [mail] = await mailFor(email);
  expect(mail!.mail.subject).toContain(reference);
  const link = linkIn(mail!.mail.text ?? '');
  expect(new URL(link).pathname + new URL(link).search).toBe(onPage);

  await page.goto(link);
  await expect(page.getByTestId('ticket-reference')).toHaveText(reference);
  await expect(page.getByTestId('ticket-name')).toHaveText('Ada Obi');
  await expect(page.getByTestId('ticket-wristbands')).toHaveText('2 wristbands');
  await expect(page.getByRole('img', { name: `QR code of ticket ${reference}` })).toBeVisible();
  expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
  await expectNoAxeViolations(page);

  // The gate: no session yet, so the login page first; then the check-in.
  await page.goto(`${server.origin}/staff/check-in`);
  await signIn(page);
  await expectNoAxeViolations(page);
  await checkIn(page, reference.slice(4).toLowerCase());
  const answer = page.getByTestId('check-in-answer');
  await expect(answer).toHaveAttribute('data-status', 'checked-in');
  await expect(answer).toContainText('Checked in');
  await expect(answer).toContainText('hand over 2 wristbands');
  await expect(page.getByTestId('check-in-counts')).toContainText(/Checked in: 2 of \d+ wristbands/);

  await checkIn(page, reference);
  await expect(answer).toHaveAttribute('data-status', 'already');
  await expect(answer).toContainText('Already checked in');
  await expect(answer).toContainText(`by ${STAFF.name}`);
  await expectNoAxeViolations(page);

  await checkIn(page, 'ITN-ZZZZZZ');
  await expect(answer).toHaveAttribute('data-status', 'unknown');

  // The ticket page now says it was used.
  await page.goto(link);
  await expect(page.getByTestId('ticket-checked-in')).toContainText('Checked in at the gate');

  // Sign out ends the session: the desk sends you to the login again.
  await page.goto(`${server.origin}/staff/check-in`);
  await page.getByRole('button', { name: /Sign out/ }).click();
  await expect(page).toHaveURL(/\/staff\/login$/);
  await page.goto(`${server.origin}/staff/check-in`);
  await expect(page).toHaveURL(/\/staff\/login\?next=/);
});

/** The gate's walk-in form, filled for Tunde Walker and sent. */
async function registerWalkIn(page: Page, email: string, wristbands: number) {
  const walkIn = page.getByTestId('walk-in');
  await walkIn.getByLabel('First name').fill('Tunde');
  await walkIn.getByLabel('Last name').fill('Walker');
  await walkIn.getByLabel('Email address').fill(email);
  await walkIn.getByLabel('Phone number').fill('0803 765 4321');
  await walkIn.getByLabel('Number of wristbands', { exact: false }).first().fill(String(wristbands));
  await walkIn.getByRole('button', { name: 'Register and check in' }).click();
}

test('a walk-in at the gate: registered, checked in at once, the ticket by mail; the desk then says already checked in (issue 41)', async ({ page }, info) => {
  const email = `walk-in-${info.project.name}@example.com`;
  await page.goto(`${server.origin}/staff/check-in`);
  await signIn(page);
  const walkIn = page.getByTestId('walk-in');
  await expect(walkIn.getByRole('heading', { level: 2 })).toHaveText('Walk-in');
  const before = (await page.getByTestId('check-in-counts').textContent()) ?? '';
  const wristbandsBefore = Number(/Checked in: (\d+)/.exec(before)?.[1]);

  await registerWalkIn(page, email, 2);

  const answer = page.getByTestId('walk-in-answer');
  await expect(answer).toHaveAttribute('data-status', 'checked-in', { timeout: 20_000 });
  await expect(answer).toContainText('Hand over 2 wristbands; the ticket is on its way by email.');
  const reference = /ITN-[A-Z0-9]{6}/.exec((await page.getByTestId('walk-in-reference').textContent()) ?? '')![0];
  await expect(page.getByTestId('walk-in-reference')).toContainText(`${reference}: Tunde Walker, 2 wristbands`);
  await expect(walkIn.getByLabel('First name')).toHaveValue('');
  await expectNoAxeViolations(page);

  // The ticket goes by mail, as a public registration's does.
  const [mail] = await mailFor(email);
  expect(mail!.mail.subject).toContain(reference);
  // The desk knows it is in, by whom.
  await checkIn(page, reference);
  await expect(page.getByTestId('check-in-answer')).toHaveAttribute('data-status', 'already');
  await expect(page.getByTestId('check-in-answer')).toContainText(`by ${STAFF.name}`);
  await expect(page.getByTestId('check-in-counts')).toContainText(`Checked in: ${wristbandsBefore + 2} of`);

  // The same address again: no second walk-in, the form says why on the email field.
  await registerWalkIn(page, email, 1);
  await expect(page.getByText('This email address already holds its registration for this edition, so no walk-in was made.').first()).toBeVisible({ timeout: 20_000 });
  await expect(walkIn.getByLabel('First name')).toHaveValue('Tunde');
});

test('the session cookie is HttpOnly and SameSite=Strict', async ({ page }) => {
  await page.goto(`${server.origin}/staff/check-in`);
  await signIn(page);
  const cookie = (await page.context().cookies()).find((c) => c.name === 'authToken');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
});

test('forged, truncated and other tickets’ tokens are a 404, like an unknown reference', async ({ page, request }, info) => {
  const a = await register(page, `forge-a-${info.project.name}@example.com`, 1);
  const b = await register(page, `forge-b-${info.project.name}@example.com`, 1);
  const linkA = linkIn((await mailFor(`forge-a-${info.project.name}@example.com`))[0]!.mail.text ?? '');
  const linkB = linkIn((await mailFor(`forge-b-${info.project.name}@example.com`))[0]!.mail.text ?? '');
  const tokenA = new URL(linkA).searchParams.get('t')!;
  const tokenB = new URL(linkB).searchParams.get('t')!;
  expect((await request.get(linkA)).status()).toBe(200);
  for (const path of [
    `/tickets/${a}?t=${tokenA.slice(0, 20)}`,
    `/tickets/${a}?t=${tokenB}`,
    `/tickets/${b}?t=${tokenA}`,
    `/tickets/${a}?t=${'A'.repeat(22)}`,
    `/tickets/${a}`,
    `/tickets/ITN-ZZZZZZ?t=${tokenA}`,
  ]) {
    const res = await request.get(`${server.origin}${path}`);
    expect(res.status(), path).toBe(404);
    expect(res.headers()['x-robots-tag'] ?? (await res.text()), path).toContain('noindex');
  }
});

test('lost ticket: the same answer for any address, and the tickets arrive again', async ({ page }, info) => {
  const email = `lost-${info.project.name}@example.com`;
  const reference = await register(page, email, 1);
  await mailFor(email);
  for (const address of [email, `nobody-${info.project.name}@example.com`]) {
    await page.goto(`${server.origin}/tickets/resend`);
    await page.locator('main').getByLabel('Email address').fill(address);
    await page.getByRole('button', { name: 'Send my ticket again' }).click();
    await expect(page.getByTestId('resend-sent')).toContainText('If tickets are registered to that address');
  }
  await expectNoAxeViolations(page);
  await expect.poll(async () => (await mailFor(email)).length, { timeout: 30_000 }).toBe(2);
  const again = (await mailFor(email))[1]!;
  expect(again.mail.text).toContain(reference);
  expect(smtp.received.some((m) => m.to.includes(`nobody-${info.project.name}@example.com`))).toBe(false);
});

test('a cross-origin check-in is refused: the API by its route handler, the server action by Next', async ({ page, request }, info) => {
  const reference = await register(page, `cross-${info.project.name}@example.com`, 1);
  await page.goto(`${server.origin}/staff/check-in`);
  await signIn(page);
  const token = (await page.context().cookies()).find((c) => c.name === 'authToken')!.value;
  const api = await request.post(`${server.origin}/api/admin/check-ins/`, {
    headers: { Origin: 'https://evil.example', Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    data: { reference },
  });
  expect(api.status()).toBe(403);

  // The form's own POST (its server action, as a JS-off browser sends it), from another origin.
  // The hidden fields of the form as the server renders it (what a browser without JS posts).
  const html = await (await request.get(`${server.origin}/staff/check-in`, { headers: { Cookie: `authToken=${token}` } })).text();
  const formHtml = /<form[^>]*aria-label="Check in a ticket"[^>]*>([\s\S]*?)<\/form>/.exec(html)?.[1] ?? '';
  const hidden = [...formHtml.matchAll(/<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?/g)].map((m) => [m[1]!, decode(m[2] ?? '')] as [string, string]);
  expect(hidden.some(([name]) => name.startsWith('$ACTION'))).toBe(true);
  const post = (origin: string) =>
    request.post(`${server.origin}/staff/check-in`, {
      headers: { Origin: origin, Cookie: `authToken=${token}` },
      multipart: Object.fromEntries([...hidden, ['reference', reference]]),
      maxRedirects: 0,
    });
  const refused = await post('https://evil.example');
  expect(refused.status()).toBeGreaterThanOrEqual(400);
  await page.goto(`${server.origin}/staff/check-in`);
  await checkIn(page, reference);
  await expect(page.getByTestId('check-in-answer')).toHaveAttribute('data-status', 'checked-in');
  // The same POST from the site's own origin is accepted (so the refusal above was the Origin's doing).
  expect((await post(server.origin)).status()).toBe(200);
});

test('the outbox cron route: refused without the secret, drains with it @js', async ({ request }) => {
  const cron = `${server.origin}/api/cron/outbox`;
  expect((await request.get(cron)).status()).toBe(401);
  expect((await request.get(cron, { headers: { Authorization: 'Bearer not-the-secret-at-all-xx' } })).status()).toBe(401);
  const ok = await request.get(cron, { headers: { Authorization: `Bearer ${CRON_SECRET}` } });
  expect(ok.status()).toBe(200);
  expect(await ok.json()).toMatchObject({ success: true, mail: { delivered: expect.any(Number), retried: 0, failed: 0 }, relay: { delivered: 0, retried: 0, failed: 0 } });
});
