/**
 * Announcements to ticket holders, the reminder and the thank-you (issue 43), on a production
 * build with a real SMTP server on loopback, JavaScript on and off (phone projects). One DATA_DIR,
 * three servers in turn, as the festival's clock moves (FESTIVAL_NOW): on 1 September an admin
 * writes an announcement, previews it, sends a test, and sends it from two tabs at once: it
 * reaches exactly the edition's valid holders (not the ticket given back, not the newsletter-only
 * subscriber), once each, and the second press is told it was sent; the admin also edits the
 * reminder's subject. Two days before the first day each holder gets one reminder; after the last
 * day, one thank-you.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { upsertStaffUser } from '../backend/auth/queries';
import { connectDb } from '../backend/db/connect';
import { newId } from '../backend/kernel/ids';
import { startTestSmtp, type TestSmtp } from '../test/support/smtp';
import { expectNoAxeViolations } from './support/axe-scan';
import { startNext, stop, type Server } from './support/next-server';
import { signInAsStaff } from './support/staff-sign-in';

const ADMIN = { email: 'boss@itan.example', name: 'Funmi Boss', password: 'boss-password-long' };
const SUBSCRIBER = 'reader.only@example.com';
const REMINDER_SUBJECT = 'See you on Friday';

let smtp: TestSmtp;
let dataDir: string;
let server: Server | undefined;
const holders: Array<{ email: string; ticketReference: string }> = [];

test.describe.configure({ mode: 'serial', timeout: 150_000 });

/** A server on the shared DATA_DIR with the festival's clock at `now` (undefined: the suite's 1 September 2025). */
async function serverAt(now?: string) {
  await stop(server);
  server = await startNext({ DATA_DIR: dataDir, RATE_LIMIT_MAX: '0', SMTP_URL: smtp.url, NEWSLETTER_RATE_PER_MINUTE: '600', ...(now ? { FESTIVAL_NOW: now } : {}) });
}

const mailsWith = (subject: string) => smtp.received.filter((m) => m.mail.subject === subject);
const recipients = (subject: string) => mailsWith(subject).flatMap((m) => m.to).sort();

/** Exactly these addresses got `subject`, once each, and no more arrive a moment later. */
async function expectOnceTo(subject: string, expected: string[]) {
  try {
    await expect.poll(() => recipients(subject), { timeout: 45_000 }).toEqual([...expected].sort());
  } catch (error) {
    // What the outbox holds says why (held back, failed, never queued).
    const h = connectDb({ sqlitePath: `${dataDir}/festival.sqlite` });
    const rows = await h.db.selectFrom('outbox').select(['kind', 'recipient', 'status', 'last_error']).execute();
    await h.close();
    throw new Error(`${subject}: the outbox holds ${JSON.stringify(rows)}`, { cause: error });
  }
  await new Promise((r) => setTimeout(r, 2_000));
  expect(recipients(subject)).toEqual([...expected].sort());
}

async function register(request: APIRequestContext, email: string) {
  const res = await request.post(`${server!.origin}/api/forms/registrations/`, { data: { firstName: 'Ada', lastName: 'Obi', email, phone: '0803 123 4567', numberOfTickets: 1 } });
  expect(res.status()).toBe(201);
  return (await res.json()) as { ticketReference: string; ticketUrl: string };
}

test.beforeAll(async () => {
  smtp = await startTestSmtp();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'festival-announcements-'));
  await serverAt();
  const handle = connectDb({ sqlitePath: `${dataDir}/festival.sqlite` });
  await upsertStaffUser(handle.db, ADMIN);
  const at = new Date(Date.now() - 60_000).toISOString();
  await handle.db.insertInto('newsletter_subscriptions').values({ id: newId(), email: SUBSCRIBER, created_at: at, confirmed_at: at }).execute();
  await handle.close();
});

test.afterAll(async () => {
  await stop(server);
  await smtp?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('an announcement reaches exactly the valid ticket holders, once, though Send is pressed in two tabs', async ({ page, browser, request }, info) => {
  for (const name of ['ada', 'bola']) holders.push({ email: `${name}.${info.project.name}@example.com`, ...(await register(request, `${name}.${info.project.name}@example.com`)) });
  // A third holder gives the wristband back through the ticket link's token.
  const giver = await register(request, `giver.${info.project.name}@example.com`);
  const token = new URL(giver.ticketUrl, server!.origin).searchParams.get('t');
  expect((await request.post(`${server!.origin}/api/tickets/${giver.ticketReference}/cancel/`, { data: { token } })).status()).toBe(200);

  const subject = `The north gate is closed (${info.project.name})`;
  await signInAsStaff(page, server!.origin, ADMIN, '/staff/announcements');
  await expect(page.getByText('2 ticket holders of this edition would receive an announcement sent now')).toBeVisible();
  await page.getByLabel('Subject', { exact: true }).first().fill(subject);
  await page.getByLabel('Announcement text (Markdown)').fill('Please use the **south** gate on Saturday.');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('campaign-preview').locator('strong')).toHaveText('south');
  await page.getByRole('button', { name: 'Create draft' }).click();
  await expect(page).toHaveURL(/\/staff\/announcements\/[0-9a-f-]{36}\?done=created$/);
  await expectNoAxeViolations(page);
  const draft = page.url().replace(/\?.*$/, '');

  await page.getByRole('button', { name: 'Send a test to me' }).click();
  await expect(page.getByText('A test is on its way to your address.')).toBeVisible();
  await expectOnceTo(`[Test] ${subject}`, [ADMIN.email]);

  // Two tabs on the confirmation step, both pressed: one send, one "already sent".
  await page.goto(`${draft}?confirm=send`);
  const second = await browser.newPage({ storageState: await page.context().storageState(), javaScriptEnabled: info.project.use.javaScriptEnabled ?? true });
  await second.goto(`${draft}?confirm=send`);
  await expect(page.getByTestId('campaign-confirm')).toContainText(`“${subject}” will go to 2 ticket holders.`);
  await page.getByRole('button', { name: 'Yes, send to 2 ticket holders' }).click();
  await expect(page.getByText('Sending has started.')).toBeVisible();
  await second.getByRole('button', { name: 'Yes, send to 2 ticket holders' }).click();
  await expect(second.getByText('This announcement has already been sent (or is being sent). Nothing more was queued.')).toBeVisible();
  await second.close();

  await expectOnceTo(subject, holders.map((h) => h.email));
  for (const h of holders) {
    const mail = mailsWith(subject).find((m) => m.to.includes(h.email))!.mail;
    expect(mail.text).toContain('because you hold a ticket for the Ìtàn Book & Arts Festival');
    expect(mail.text).toContain(`/tickets/${h.ticketReference}?t=`);
  }
  expect(recipients(subject)).not.toContain(SUBSCRIBER);

  // The reminder's subject, changed in its settings form (audited by the API).
  await page.goto(`${server!.origin}/staff/announcements`);
  const reminder = page.locator('section#reminder');
  await reminder.getByLabel('Subject').fill(REMINDER_SUBJECT);
  await reminder.getByRole('button', { name: /Save/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(page.locator('section#reminder').getByLabel('Subject')).toHaveValue(REMINDER_SUBJECT);
  await expect(page.getByTestId('reminder-status')).toContainText('For this edition it goes on');
  await expectNoAxeViolations(page);
});

test('two days before the first day, each holder gets one reminder with their ticket, the venue and the way there', async () => {
  await serverAt('2025-10-22T09:00:00+01:00');
  await expectOnceTo(REMINDER_SUBJECT, holders.map((h) => h.email));
  for (const h of holders) {
    const text = mailsWith(REMINDER_SUBJECT).find((m) => m.to.includes(h.email))!.mail.text ?? '';
    expect(text).toContain(`/tickets/${h.ticketReference}?t=`);
    expect(text).toContain('Venue:');
    expect(text).toContain(`${server!.origin}/visit`);
  }
});

test('after the last day, each holder gets one thank-you with the highlights and where to sign up to the newsletter', async () => {
  await serverAt('2025-10-26T09:00:00+01:00');
  const subject = 'Thank you for coming to the festival';
  await expectOnceTo(subject, holders.map((h) => h.email));
  const text = mailsWith(subject)[0]!.mail.text ?? '';
  expect(text).toContain(`${server!.origin}/highlights`);
  expect(text).toContain(`${server!.origin}/#newsletter`);
  // No second reminder on the way.
  expect(recipients(REMINDER_SUBJECT)).toEqual(holders.map((h) => h.email).sort());
});
