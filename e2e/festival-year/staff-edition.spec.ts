/**
 * /staff/edition end to end (issue 28), with JavaScript on and off on a phone, on a server of its
 * own (TEST_EDITION_ENV: 24–25 October 2025, seen from 1 September 2025, registration open):
 * an admin's new dates, venue and edition name are on the home page and /visit at once (issue 40:
 * the name and number default from the edition's year); the form's errors are
 * summarised and shown inline; the gate refuses an earlier edition's ticket with its reason; an
 * admin closing registration while a visitor has /register open makes the visitor's submit answer
 * the backend's "closed" message. An axe scan of /staff/edition.
 */
import { expect, test, type Browser, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { connectDb, type DbHandle } from '../../backend/db/connect';
import { upsertStaffUser } from '../../backend/auth/queries';
import { EDITION_FORM_MESSAGES } from '../../contract/api/edition-admin';
import { REGISTRATION_WINDOW_MESSAGES } from '../../contract/edition';
import { expectNoAxeViolations } from '../support/axe-scan';
import { startNext, stop, type Server } from '../support/next-server';

const ADMIN = { email: 'boss@itan.example', name: 'Funmi Boss', password: 'boss-password-long' };
const NEW_VENUE = 'Freedom Park, Lagos Island';
const NEW_NAME = 'Ìtàn Festival 2025: Homecoming';

let server: Server;
let db: DbHandle;

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startNext({ RATE_LIMIT_MAX: '0', REGISTRATION_CAPACITY: '300' });
  db = connectDb({ sqlitePath: `${server.dataDir}/festival.sqlite` });
  await upsertStaffUser(db.db, ADMIN);
});

test.afterAll(async () => {
  await db?.close();
  await stop(server);
});

async function signIn(page: Page, from: string) {
  await page.goto(`${server.origin}${from}`);
  await expect(page).toHaveURL(/\/staff\/login\?next=/);
  await page.locator('main').getByLabel('Email address').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${from}$`), { timeout: 20_000 });
}

async function newContext(browser: Browser, info: TestInfo): Promise<BrowserContext> {
  const use = info.project.use;
  return browser.newContext({ viewport: use.viewport, userAgent: use.userAgent, isMobile: use.isMobile, hasTouch: use.hasTouch, javaScriptEnabled: use.javaScriptEnabled });
}

const form = (page: Page) => page.getByTestId('edition-form');

test('an admin sets new dates and venue: errors are explained, and the home page and /visit show the new edition at once', async ({ page }) => {
  await signIn(page, '/staff/edition');
  await expect(page.getByRole('heading', { level: 1, name: 'The festival’s edition' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Staff area' }).getByRole('link', { name: 'Edition' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('edition-phase')).toHaveText('Registration is open');
  await expect(page.getByTestId('edition-source')).toContainText('configuration');
  // The form starts with the values in force.
  await expect(form(page).getByLabel('First festival day')).toHaveValue('2025-10-24');
  await expect(form(page).getByLabel('Capacity (wristbands)')).toHaveValue('300');
  await expect(form(page).getByLabel('Registration closes (Lagos time)')).toHaveValue('');
  // The name and number follow the year (2025: the first festival) while their fields are empty.
  await expect(page.getByTestId('edition-name')).toHaveText('Ìtàn Festival 2025');
  await expect(page.getByTestId('edition-number')).toHaveText('1st');
  await expect(form(page).getByLabel('Name (optional)')).toHaveValue('');
  await expect(form(page).getByLabel('Edition number (optional)')).toHaveValue('');
  await expectNoAxeViolations(page);

  // Bad input: a summary linking to each field, the messages beside the fields, the answers kept.
  await form(page).getByLabel('Venue').fill('');
  await form(page).getByLabel('Capacity (wristbands)').fill('lots');
  await form(page).getByLabel('Name (optional)').fill(NEW_NAME);
  await form(page).getByLabel('Edition number (optional)').fill('first');
  await page.getByRole('button', { name: 'Save the edition' }).click();
  const summary = page.getByRole('alert', { name: 'There is a problem' });
  await expect(summary).toContainText('There is a problem');
  await expect(summary.getByRole('link', { name: EDITION_FORM_MESSAGES.venue })).toHaveAttribute('href', '#edition-venue');
  await expect(summary.getByRole('link', { name: EDITION_FORM_MESSAGES.capacity })).toHaveAttribute('href', '#edition-capacity');
  await expect(summary.getByRole('link', { name: EDITION_FORM_MESSAGES.number })).toHaveAttribute('href', '#edition-number');
  await expect(form(page).getByLabel('Name (optional)')).toHaveValue(NEW_NAME);
  await expect(form(page).getByLabel('Edition number (optional)')).toHaveValue('first');
  await expect(form(page).getByLabel('Edition number (optional)')).toHaveAttribute('aria-invalid', 'true');
  await expect(form(page).getByLabel('Capacity (wristbands)')).toHaveValue('lots');
  await expect(form(page).getByLabel('Capacity (wristbands)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#edition-capacity-error')).toContainText(EDITION_FORM_MESSAGES.capacity);
  await expectNoAxeViolations(page);

  await form(page).getByLabel('First festival day').fill('2025-11-14');
  await form(page).getByLabel('Last festival day').fill('2025-11-15');
  await form(page).getByLabel('Venue').fill(NEW_VENUE);
  await form(page).getByLabel('Capacity (wristbands)').fill('300');
  await form(page).getByLabel('Edition number (optional)').fill('1');
  await page.getByRole('button', { name: 'Save the edition' }).click();
  await expect(page).toHaveURL(/\/staff\/edition\?saved=1$/, { timeout: 20_000 });
  await expect(page.getByTestId('edition-saved')).toContainText('Edition saved.');
  await expect(page.getByTestId('edition-name')).toHaveText(NEW_NAME);
  await expect(page.getByTestId('edition-number')).toHaveText('1st');
  await expect(form(page).getByLabel('Name (optional)')).toHaveValue(NEW_NAME);
  // 1 is also the default for 2025: the field shows it empty, following the year.
  await expect(form(page).getByLabel('Edition number (optional)')).toHaveValue('');
  await expect(page.getByTestId('edition-source')).toContainText(`saved here by ${ADMIN.name}`);
  await expect(page.getByTestId('edition-in-force')).toContainText('14–15 November 2025');
  await expect(form(page).getByLabel('Venue')).toHaveValue(NEW_VENUE);

  await page.goto(`${server.origin}/`);
  const hero = page.locator('section[aria-labelledby="hero-title"]');
  await expect(hero).toContainText('14–15 November 2025');
  await expect(hero).toContainText(NEW_VENUE);
  // The festival card takes the name staff gave the edition.
  await expect(page.locator('section#whats-on article').first()).toContainText(NEW_NAME);
  await page.goto(`${server.origin}/visit`);
  await expect(page.locator('main')).toContainText('14–15 November 2025');
  await expect(page.locator('main')).toContainText(NEW_VENUE);
  // Audited.
  const audit = await db.db.selectFrom('audit_log').select('summary').where('action', '=', 'edition.update').execute();
  expect(audit.some((a) => a.summary.includes('dates 24–25 October 2025 → 14–15 November 2025'))).toBe(true);
  expect(audit.some((a) => a.summary.includes(`name "Ìtàn Festival 2025" → "${NEW_NAME}"`))).toBe(true);
});

async function registerByApi(first: string, email: string, tickets: number): Promise<string> {
  const res = await fetch(`${server.origin}/api/forms/registrations/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ firstName: first, lastName: 'Timer', email, phone: '0803 123 4567', numberOfTickets: tickets, submittedAt: new Date().toISOString() }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { ticketReference: string }).ticketReference;
}

test('the gate refuses an earlier edition’s ticket and says why; nothing is checked in; the dashboard counts this edition only', async ({ page }, info) => {
  const reference = await registerByApi('Old', `old-${info.project.name}@example.com`, 2);
  await db.db.updateTable('registrations').set({ edition: '2024-10-24' }).where('ticket_reference', '=', reference).execute();
  const givenBack = await registerByApi('Gone', `gone-${info.project.name}@example.com`, 3);
  await db.db.updateTable('registrations').set({ cancelled_at: new Date().toISOString() }).where('ticket_reference', '=', givenBack).execute();

  await signIn(page, '/staff/check-in');
  await page.getByLabel('Ticket reference').fill(reference);
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
  const answer = page.getByTestId('check-in-answer');
  await expect(answer).toHaveAttribute('data-status', 'refused');
  await expect(answer).toHaveAttribute('data-reason', 'earlier-edition');
  await expect(answer).toContainText('Do not admit');
  await expect(page.getByTestId('check-in-reason')).toHaveText('This ticket is for Ìtàn Festival 2024, not this year\'s festival.');
  await expect(answer).toContainText(`${reference}: Old Timer, 2 wristbands`);
  const row = await db.db.selectFrom('registrations').select('checked_in_at').where('ticket_reference', '=', reference).executeTakeFirstOrThrow();
  expect(row.checked_in_at).toBeNull();

  // This edition has no registration left: the 2024 ticket is not counted, the given-back one apart.
  await page.goto(`${server.origin}/staff`);
  const figure = (id: string) => page.getByTestId(`figure-${id}`).locator('dd > span').first();
  await expect(figure('registrations')).toHaveText('0');
  await expect(figure('given-back')).toHaveText('1');
  await expect(page.getByTestId('figure-given-back')).toContainText('3 wristbands returned to the pool');
  await expect(page.getByTestId('figure-waiting-list')).toContainText('0 offers open');
  await expect(page.getByTestId('recent-registrations')).toContainText(`${givenBack} ×3, given back`);
  await expect(page.getByTestId('recent-registrations')).not.toContainText(reference);
});

test('an admin closes registration while a visitor has /register open: the visitor’s submit says registration has closed', async ({ page, browser }, info) => {
  const visitorContext = await newContext(browser, info);
  const visitor = await visitorContext.newPage();
  await visitor.goto(`${server.origin}/register`);
  await visitor.getByLabel('First name').fill('Late');
  await visitor.getByLabel('Last name').fill('Comer');
  await visitor.locator('main').getByLabel('Email address').fill(`late-${info.project.name}@example.com`);
  await visitor.getByLabel('Phone number').fill('0803 123 4567');
  await visitor.getByLabel('Number of tickets', { exact: false }).first().fill('2');

  await signIn(page, '/staff/edition');
  // Closed since the evening before the festival's clock (1 September 2025, 09:00 Lagos).
  await form(page).getByLabel('Registration closes (Lagos time)').fill('2025-08-31T18:00');
  await page.getByRole('button', { name: 'Save the edition' }).click();
  await expect(page).toHaveURL(/\/staff\/edition\?saved=1$/, { timeout: 20_000 });
  await expect(page.getByTestId('edition-phase')).toHaveText('Registration has closed; the festival has not started yet');

  await visitor.getByRole('button', { name: 'Register' }).click();
  await expect(visitor.getByText(REGISTRATION_WINDOW_MESSAGES.closed).first()).toBeVisible({ timeout: 20_000 });
  await expect(visitor).not.toHaveURL(/thank-you/);
  const rows = await db.db.selectFrom('registrations').select('id').where('email', '=', `late-${info.project.name}@example.com`).execute();
  expect(rows).toEqual([]);
  await visitorContext.close();
});
