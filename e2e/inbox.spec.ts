/**
 * The staff inbox end to end (issue 31), with JavaScript on and off on a phone: a member of staff
 * (not an admin) is sent from the dashboard's overdue warning to the inbox, filters it, opens a
 * proposal past its 5-working-day deadline, changes its status, adds a note and sends a reply that
 * reaches a real SMTP server on loopback once, from the festival's address; the proposal leaves
 * the overdue count, and the reply form posted twice more sends one more mail, not two. The team
 * (INBOX_ALERT_TO) is mailed once about the new proposal; the reply form shows the greeting. The spec
 * starts its own `next start` on the suite's build with that SMTP server.
 */
import { expect, test, type Page } from '@playwright/test';
import { connectDb, type DbHandle } from '../backend/db/connect';
import { upsertStaffUser } from '../backend/auth/queries';
import { proposalDeadline } from '../contract/business-days';
import { INBOX_MESSAGES } from '../contract/api/inbox';
import { INBOX_TEXT } from '../lib/staff/inbox-messages';
import { TEST_EDITION_ENV } from '../test/support/edition-env';
import { startTestSmtp, type TestSmtp } from '../test/support/smtp';
import { expectNoAxeViolations } from './support/axe-scan';
import { decode } from './smoke/routes';
import { startNext, stop, type Server } from './support/next-server';

const STAFF = { email: 'desk@itan.example', name: 'Dele Desk', password: 'desk-password-long' };
const FROM = 'Ìtàn Festival <hello@festival.example>';
/** INBOX_ALERT_TO (issue 43): the team's address for alerts of new items. */
const TEAM = 'team@festival.example';

let server: Server;
let smtp: TestSmtp;
let db: DbHandle;

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startNext({ SMTP_URL: smtp.url, MAIL_FROM: FROM, RATE_LIMIT_MAX: '0', MAIL_PER_RECIPIENT_PER_HOUR: '0', INBOX_ALERT_TO: `Festival team <${TEAM}>` });
  db = connectDb({ sqlitePath: `${server.dataDir}/festival.sqlite` });
  const { user } = await upsertStaffUser(db.db, STAFF);
  // Plain staff, not an admin: the inbox is theirs too.
  await db.db.updateTable('staff_users').set({ role: 'staff' }).where('id', '=', user.id).execute();
});

test.afterAll(async () => {
  await db?.close();
  await stop(server);
  await smtp?.close();
});

async function signIn(page: Page, from: string) {
  await page.goto(`${server.origin}${from}`);
  await expect(page).toHaveURL(/\/staff\/login\?next=/);
  await page.locator('main').getByLabel('Email address').fill(STAFF.email);
  await page.getByLabel('Password').fill(STAFF.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A proposal through the public API, arrived three weeks ago: past its deadline, unanswered. */
async function overdueProposal(lastName: string, email: string): Promise<string> {
  const res = await fetch(`${server.origin}/api/forms/partnerships/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Tunde',
      lastName,
      email,
      phone: '08012345678',
      organization: 'Ake Books',
      proposal: 'We would like to sponsor the young readers tent and donate two hundred books to the library.',
      submittedAt: new Date().toISOString(),
    }),
  });
  expect(res.status).toBe(201);
  const id = ((await res.json()) as { partnershipId: string }).partnershipId;
  // Three weeks before the servers' festival clock (FESTIVAL_NOW), which the inbox stores and judges by.
  const arrived = new Date(Date.parse(TEST_EDITION_ENV.FESTIVAL_NOW) - 21 * 86_400_000);
  await db.db.updateTable('partnerships').set({ created_at: arrived.toISOString(), due_at: proposalDeadline(arrived) }).where('id', '=', id).execute();
  return id;
}

const repliesTo = (email: string) => smtp.received.filter((m) => m.to.includes(email) && m.mail.subject?.startsWith('Re:'));

test('staff answer an overdue proposal from the inbox: status, note, one reply mail; the overdue count clears', async ({ page }, info) => {
  const lastName = `Bello${info.project.name.replace(/\W/g, '')}`;
  const email = `proposer-${info.project.name}@example.org`;
  const id = await overdueProposal(lastName, email);
  const name = `Tunde ${lastName}`;

  // The team is mailed once about the new proposal (issue 43), by the server's own drain: its
  // kind, the sender's name, the organisation and the link to the item; not the sender's address.
  const alertsOf = () => smtp.received.filter((m) => m.to.includes(TEAM) && (m.mail.text ?? '').includes(`/staff/inbox/partnership/${id}`));
  await expect.poll(() => alertsOf().length, { timeout: 30_000 }).toBe(1);
  expect(alertsOf()[0]!.mail.text).toContain(`Partnership proposal from ${name}: Ake Books\n  ${server.origin}/staff/inbox/partnership/${id}`);
  expect(alertsOf()[0]!.mail.text).not.toContain(email);

  // The dashboard says a proposal is overdue and links to them.
  await signIn(page, '/staff');
  await expect(page).toHaveURL(new RegExp(`${server.origin}/staff$`), { timeout: 20_000 });
  await expect(page.getByTestId('inbox-overdue-warning')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Staff area' }).getByRole('link', { name: 'Inbox' })).toBeVisible();
  await page.getByTestId('inbox-overdue-warning').getByRole('link', { name: INBOX_TEXT.dashboardOverdueLink }).click();
  await expect(page).toHaveURL(/\/staff\/inbox\?overdue=1$/);
  const row = page.locator(`[data-testid="inbox-row"][data-id="${id}"]`);
  await expect(row).toContainText(name);
  await expect(row.getByTestId('inbox-overdue')).toHaveText(INBOX_TEXT.overdue);
  await expect(row.getByTestId('inbox-status')).toHaveText('New');
  await expectNoAxeViolations(page);

  // The filters are a GET form: kind and status in the address, with or without JavaScript.
  await page.getByLabel('Kind').selectOption('partnership');
  await page.getByLabel('Status').selectOption('new');
  await page.getByLabel(INBOX_TEXT.overdueLabel).uncheck();
  await page.getByRole('button', { name: INBOX_TEXT.filterButton }).click();
  await expect(page).toHaveURL(/\/staff\/inbox\?kind=partnership&status=new$/);
  await expect(row).toBeVisible();
  await page.getByLabel('Kind').selectOption('contact');
  await page.getByRole('button', { name: INBOX_TEXT.filterButton }).click();
  await expect(page).toHaveURL(/kind=contact/);
  await expect(page.locator(`[data-testid="inbox-row"][data-id="${id}"]`)).toHaveCount(0);
  await page.getByRole('link', { name: INBOX_TEXT.clearFilters }).click();
  await expect(page).toHaveURL(/\/staff\/inbox$/);

  // The item: what they sent, the deadline, overdue.
  await page.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/inbox/partnership/${id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Partnership proposal from ${name}`);
  await expect(page.getByTestId('inbox-message')).toContainText('young readers tent');
  await expect(page.getByTestId('inbox-due').getByTestId('inbox-overdue')).toBeVisible();
  await expectNoAxeViolations(page);

  // Status.
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('in progress');
  await page.getByRole('button', { name: INBOX_TEXT.statusButton }).click();
  await expect(page.getByTestId('inbox-done')).toHaveText(INBOX_TEXT.done.status);
  await expect(page.getByTestId('inbox-facts').getByTestId('inbox-status')).toHaveText('In progress');

  // A note: empty is refused in words, then added.
  await page.getByRole('button', { name: INBOX_TEXT.noteButton }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toContainText(INBOX_MESSAGES.noteRequired);
  await expect(page.getByLabel(INBOX_TEXT.noteLabel)).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
  await page.getByLabel(INBOX_TEXT.noteLabel).fill('Called them: they would rather start in 2026.');
  await page.getByRole('button', { name: INBOX_TEXT.noteButton }).click();
  await expect(page.getByTestId('inbox-done')).toHaveText(INBOX_TEXT.done.note);
  await expect(page.getByTestId('inbox-notes-entry')).toHaveCount(1);
  await expect(page.getByTestId('inbox-notes')).toContainText('Called them: they would rather start in 2026.');
  await expect(page.getByTestId('inbox-notes')).toContainText(STAFF.name);

  // The reply: one mail, to the proposer, from the festival's address, with a text part.
  const reply = `Dear Tunde, thank you. We would love to have <b>Ake Books</b> at the tent.`;
  // The form shows the greeting the mail adds (issue 43); this reply greets already, so it is not added twice.
  await expect(page.getByTestId('inbox-reply-greeting')).toContainText('“Dear Tunde,”');
  const keyBefore = await page.locator('input[name="requestKey"]').inputValue();
  await page.getByLabel(INBOX_TEXT.replyLabel).fill(reply);
  await page.getByRole('button', { name: INBOX_TEXT.replyButton }).click();
  await expect(page.getByTestId('inbox-done')).toHaveText(INBOX_TEXT.done.reply);
  // A fresh form for the next reply: empty, with a token of its own (else it would count as this one again).
  await expect(page.getByLabel(INBOX_TEXT.replyLabel)).toHaveValue('');
  await expect(page.locator('input[name="requestKey"]')).not.toHaveValue(keyBefore);
  await expect(page.getByTestId('inbox-replies')).toContainText(reply);
  await expect(page.getByTestId('inbox-due').getByTestId('inbox-overdue')).toHaveCount(0);
  await expect.poll(() => repliesTo(email).length, { timeout: 30_000 }).toBe(1);
  const mail = repliesTo(email)[0]!;
  expect(mail.mail.from?.value[0]?.address).toBe('hello@festival.example');
  expect(mail.mail.text).toContain(reply);
  expect(mail.mail.text!.match(/Dear Tunde,/g)).toHaveLength(1);
  expect(mail.mail.text).toContain('you wrote:');
  expect(mail.mail.html).not.toContain('<b>Ake Books</b>');

  // The same reply form sent twice more (a double click, a resend): one more reply, one more mail.
  const html = await (await page.context().request.get(page.url())).text();
  const form = [...html.matchAll(/<form[^>]*>[\s\S]*?<\/form>/g)].map((m) => m[0]).find((f) => f.includes('aria-labelledby="inbox-reply-title"'));
  expect(form).toBeDefined();
  const hidden = Object.fromEntries([...form!.matchAll(/<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?/g)].map((m) => [m[1]!, decode(m[2] ?? '')]));
  expect(hidden.requestKey).toMatch(/^[0-9a-f-]{36}$/);
  const send = () => page.context().request.post(page.url(), { headers: { Origin: server.origin }, multipart: { ...hidden, body: 'And one more thing: the tent is 10 by 20 metres.' }, maxRedirects: 0 });
  const [first, second] = await Promise.all([send(), send()]);
  expect([first.status(), second.status()]).toEqual([303, 303]);
  await expect.poll(() => repliesTo(email).length, { timeout: 30_000 }).toBe(2);
  await page.reload();
  await expect(page.getByTestId('inbox-replies-entry')).toHaveCount(2);
  // Nothing else arrives for them (the drain runs after each write; give it a moment).
  await page.waitForTimeout(1_500);
  expect(repliesTo(email)).toHaveLength(2);
  // Still one alert about it, however many mails went out since.
  expect(alertsOf()).toHaveLength(1);

  // Off the overdue list and the dashboard's count; every change is in the audit log.
  await page.goto(`${server.origin}/staff/inbox?overdue=1`);
  await expect(page.locator(`[data-testid="inbox-row"][data-id="${id}"]`)).toHaveCount(0);
  const audit = await db.db.selectFrom('audit_log').select('action').where('target_id', '=', id).execute();
  expect(audit.map((a) => a.action).sort()).toEqual(['inbox.note', 'inbox.reply', 'inbox.reply', 'inbox.status']);
});
