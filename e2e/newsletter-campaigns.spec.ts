/**
 * Newsletter campaigns from the staff area (issue 31), end to end on a production build with a real
 * SMTP server on loopback: an admin writes a campaign, previews it, sends a test to their own
 * address, then sends it (through the confirmation step) to the confirmed subscribers only, and the
 * page shows it sent with its figures. A staff member without the admin role gets no page. Runs with
 * JavaScript on and off (phone projects). The spec starts its own `next start`.
 */
import { expect, test, type Page } from '@playwright/test';
import { addStaffAccount } from '../backend/admin/service';
import { upsertStaffUser } from '../backend/auth/queries';
import { connectDb } from '../backend/db/connect';
import { newId } from '../backend/kernel/ids';
import { startTestSmtp, type TestSmtp } from '../test/support/smtp';
import { expectNoAxeViolations } from './support/axe-scan';
import { startNext, stop, type Server } from './support/next-server';

const ADMIN = { email: 'boss@itan.example', name: 'Funmi Boss', password: 'boss-password-long' };
const STAFF = { email: 'kunle@itan.example', name: 'Kunle Gate', password: 'kunle-password-long' };
const CONFIRMED = ['ada.reader@example.com', 'bola.reader@example.com', 'chi.reader@example.com'];
const UNCONFIRMED = 'not.yet@example.com';
const UNSUBSCRIBED = 'gone.reader@example.com';

let server: Server;
let smtp: TestSmtp;

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startNext({ RATE_LIMIT_MAX: '0', SMTP_URL: smtp.url, NEWSLETTER_RATE_PER_MINUTE: '600' });
  const handle = connectDb({ sqlitePath: `${server.dataDir}/festival.sqlite` });
  const { user } = await upsertStaffUser(handle.db, ADMIN);
  await addStaffAccount(handle.db, user, { ...STAFF, role: 'staff' });
  const at = new Date(Date.now() - 60_000).toISOString();
  await handle.db
    .insertInto('newsletter_subscriptions')
    .values([
      ...CONFIRMED.map((email) => ({ id: newId(), email, created_at: at, confirmed_at: at })),
      { id: newId(), email: UNCONFIRMED, created_at: at, confirmed_at: null },
      { id: newId(), email: UNSUBSCRIBED, created_at: at, confirmed_at: at, unsubscribed_at: at },
    ])
    .execute();
  await handle.close();
});

test.afterAll(async () => {
  await stop(server);
  await smtp?.close();
});

async function signIn(page: Page, who: { email: string; password: string }, next = '/staff/newsletter') {
  await page.goto(`${server.origin}/staff/login?next=${encodeURIComponent(next)}`);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email address').fill(who.email);
  await form.getByLabel('Password').fill(who.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

test('an admin writes, previews, sends a test to themselves, then sends the campaign to the confirmed subscribers only', async ({ page }, info) => {
  const subject = `Festival news (${info.project.name})`;
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/staff\/newsletter$/);
  await expect(page.getByRole('navigation', { name: 'Staff area' }).getByRole('link', { name: 'Newsletter' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('3 confirmed subscribers would receive a campaign sent now.')).toBeVisible();

  // Write and preview: the Markdown rendered and sanitised, nothing saved yet.
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Newsletter text (Markdown)').fill('## The programme is out\n\nRead **every** event at [the programme](/events).\n\n<script>window.__x = 1</script>');
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByTestId('campaign-preview');
  await expect(preview.getByRole('heading', { name: 'The programme is out' })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('every');
  await expect(preview.locator('script')).toHaveCount(0);
  await expect(page.getByLabel('Subject')).toHaveValue(subject);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Create draft' }).click();
  await expect(page).toHaveURL(/\/staff\/newsletter\/[0-9a-f-]{36}\?done=created$/);
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
  await expect(page.getByTestId('campaign-status')).toHaveText('Draft');
  await expectNoAxeViolations(page);

  // A test, to the admin's own address only.
  const before = smtp.received.length;
  await page.getByRole('button', { name: 'Send a test to me' }).click();
  await expect(page.getByText('A test is on its way to your address.')).toBeVisible();
  await expect.poll(() => smtp.received.filter((m) => m.mail.subject === `[Test] ${subject}`).length, { timeout: 30_000 }).toBe(1);
  expect(smtp.received.find((m) => m.mail.subject === `[Test] ${subject}`)!.to).toEqual([ADMIN.email]);
  expect(smtp.received.length).toBe(before + 1);

  // Send: a confirmation step first (a plain GET form: works without JavaScript).
  await page.getByRole('button', { name: 'Send to 3 confirmed subscribers' }).click();
  const confirm = page.getByTestId('campaign-confirm');
  await expect(confirm).toContainText(`“${subject}” will go to 3 confirmed subscribers.`);
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Yes, send to 3 subscribers' }).click();
  await expect(page.getByText('Sending has started.')).toBeVisible();

  await expect.poll(() => smtp.received.filter((m) => m.mail.subject === subject).length, { timeout: 30_000 }).toBe(3);
  const sent = smtp.received.filter((m) => m.mail.subject === subject);
  expect(sent.flatMap((m) => m.to).sort()).toEqual([...CONFIRMED].sort());
  for (const { raw, mail } of sent) {
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mail.text).toContain('Read every event at the programme');
  }

  // A reload shows it sent, with its figures; it stays in the list.
  await expect
    .poll(async () => {
      await page.reload();
      return page.getByTestId('campaign-status').textContent();
    }, { timeout: 30_000 })
    .toBe('Sent');
  const figures = page.getByTestId('campaign-progress');
  await expect(figures.locator('[data-figure="recipients"]')).toHaveText('3');
  await expect(figures.locator('[data-figure="sent"]')).toHaveText('3');
  await expect(figures.locator('[data-figure="failed"]')).toHaveText('0');
  await expect(page.getByRole('button', { name: /Send to/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Back to all campaigns' }).click();
  await expect(page.getByTestId('campaign-list').getByRole('link', { name: subject })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a staff member without the admin role gets no newsletter page and no link to it', async ({ page }) => {
  await signIn(page, STAFF, '/staff');
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole('navigation', { name: 'Staff area' }).getByRole('link', { name: 'Newsletter' })).toHaveCount(0);
  await page.goto(`${server.origin}/staff/newsletter`);
  await expect(page).toHaveURL(/\/staff$/);
  await page.goto(`${server.origin}/staff/newsletter/00000000-0000-4000-8000-000000000131`);
  await expect(page).toHaveURL(/\/staff$/);
});
