/**
 * The staff area (issue 17): dashboard, accounts and audit log end to end, with JavaScript on and
 * off on a phone. The spec starts its own `next start` on the suite's build, so its figures are its
 * own. Then every staff route and action from e2e/support/staff-routes.ts is refused without a
 * session, with a revoked, an expired and an idle one, and (actions) from another origin.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import nodePath from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Browser, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { connectDb, type DbHandle } from '../backend/db/connect';
import { issueToken, upsertStaffUser } from '../backend/auth/queries';
import { STAFF_SESSION_HOURS, STAFF_SESSION_IDLE_MINUTES } from '../contract/api/staff';
import { ACCOUNT_MESSAGES } from '../contract/api/admin';
import { expectNoAxeViolations } from './support/axe-scan';
import { decode } from './smoke/routes';
import { startNext, stop, type Server } from './support/next-server';
import { ANNOUNCEMENT_FIXTURE, CAMPAIGN_FIXTURE, INBOX_FIXTURE, STAFF_ACTIONS, STAFF_FILES, STAFF_PAGES } from './support/staff-routes';

const VNU_JAR = String(createRequire(import.meta.url)('vnu-jar'));
const run = promisify(execFile);

const ADMIN = { email: 'boss@itan.example', name: 'Funmi Boss', password: 'boss-password-long' };
const CAPACITY = 300;

let server: Server;
let db: DbHandle;
let adminId: string;

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  server = await startNext({ RATE_LIMIT_MAX: '0', REGISTRATION_CAPACITY: String(CAPACITY) });
  db = connectDb({ sqlitePath: `${server.dataDir}/festival.sqlite` });
  adminId = (await upsertStaffUser(db.db, ADMIN)).user.id;
  // The inbox's item page in STAFF_PAGES shows this message (issue 31).
  const now = new Date().toISOString();
  await db.db.insertInto('contact_messages').values({ ...INBOX_FIXTURE, submitted_at: now, created_at: now }).execute();
  // The newsletter campaign's pages in STAFF_PAGES show this draft, and offer to send it to one subscriber.
  const { subscriber, ...campaign } = CAMPAIGN_FIXTURE;
  await db.db.insertInto('newsletter_campaigns').values({ ...campaign, status: 'draft', created_by: adminId, created_at: now, updated_at: now }).execute();
  await db.db.insertInto('newsletter_subscriptions').values({ id: CAMPAIGN_FIXTURE.id, email: subscriber, created_at: now, confirmed_at: now }).execute();
  // The announcement's page in STAFF_PAGES shows this draft to ticket holders (issue 43).
  await db.db.insertInto('newsletter_campaigns').values({ ...ANNOUNCEMENT_FIXTURE, status: 'draft', created_by: adminId, created_at: now, updated_at: now }).execute();
});

test.afterAll(async () => {
  await db?.close();
  await stop(server);
});

const auditCount = async () => Number((await db.db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

async function signIn(page: Page, who: { email: string; password: string }, from = '/staff') {
  await page.goto(`${server.origin}${from}`);
  await expect(page).toHaveURL(/\/staff\/login\?next=/);
  await page.locator('main').getByLabel('Email address').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function newContext(browser: Browser, info: TestInfo): Promise<BrowserContext> {
  const use = info.project.use;
  return browser.newContext({ viewport: use.viewport, userAgent: use.userAgent, isMobile: use.isMobile, hasTouch: use.hasTouch, javaScriptEnabled: use.javaScriptEnabled });
}

async function apiToken(email: string, password: string): Promise<string> {
  const res = await fetch(`${server.origin}/api/auth/login/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

test('dashboard: a registration made here is counted against capacity, listed, and in the CSV download', async ({ page }, info) => {
  const last = `Dash${info.project.name.replace(/\W/g, '')}`;
  const email = `zainab-${info.project.name}@example.com`;
  await page.goto(`${server.origin}/register`);
  await page.getByLabel('First name').fill('Zainab');
  await page.getByLabel('Last name').fill(last);
  await page.locator('main').getByLabel('Email address').fill(email);
  await page.getByLabel('Phone number').fill('0803 123 4567');
  await page.getByLabel('Number of tickets', { exact: false }).first().fill('3');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/registration\/thank-you/);
  const reference = (await page.getByTestId('ticket-reference').textContent())!.trim();

  await signIn(page, ADMIN);
  await expect(page).toHaveURL(new RegExp(`${server.origin}/staff$`), { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('figure-registrations')).toContainText('1');
  await expect(page.getByTestId('figure-wristbands')).toContainText(`3 of ${CAPACITY}`);
  await expect(page.getByTestId('figure-wristbands')).toContainText(`${CAPACITY - 3} left`);
  await expect(page.getByTestId('figure-checked-in')).toContainText('0 of 1 registrations');
  await expect(page.getByTestId('figure-donations')).toContainText('₦0.00');
  const recent = page.getByTestId('recent-registrations');
  await expect(recent).toContainText(`Zainab ${last}`);
  await expect(recent).toContainText(`${reference} ×3`);
  // Personal data kept to what staff need: no email on the dashboard.
  await expect(page.locator('main')).not.toContainText(email);
  expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
  await expectNoAxeViolations(page);
  await page.goto(`${server.origin}/staff/check-in`);
  await expect(page.getByRole('heading', { level: 1, name: 'Gate check-in' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto(`${server.origin}/staff`);

  // The CSV: the link points at the session-checked route; its file holds the registration.
  const link = page.getByRole('link', { name: 'Registrations (CSV)' });
  await expect(link).toHaveAttribute('href', '/staff/export/registrations');
  const csv = await page.context().request.get(`${server.origin}/staff/export/registrations`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toContain('text/csv');
  expect(csv.headers()['content-disposition']).toMatch(/attachment; filename="itan-registrations-\d{4}-\d{2}-\d{2}\.csv"/);
  expect(csv.headers()['cache-control']).toBe('no-store');
  const text = await csv.text();
  expect(text).toContain(`"${reference}","Zainab","${last}","${email}"`);
  expect((await page.context().request.get(`${server.origin}/staff/export/nonsense`)).status()).toBe(404);
});

test('accounts: add a member who sees no admin sections; a reset signs them out; disabling blocks sign-in; the audit log lists it all', async ({ page, browser }, info) => {
  const member = { name: `Kunle ${info.project.name}`, email: `kunle-${info.project.name}@itan.example` };
  await signIn(page, ADMIN, '/staff/accounts');
  await expect(page).toHaveURL(/\/staff\/accounts$/, { timeout: 20_000 });
  await expectNoAxeViolations(page);

  // Bad input: clear messages, nothing created.
  await page.getByRole('button', { name: 'Add staff member' }).click();
  await expect(page.getByText('This field is required').first()).toBeVisible();

  const add = page.getByRole('form', { name: 'Add a staff member' });
  await add.getByLabel('Full name').fill(member.name);
  await add.getByLabel('Email address').fill(member.email);
  await add.getByLabel('Role').selectOption('staff');
  await page.getByRole('button', { name: 'Add staff member' }).click();
  await expect(page.getByTestId('accounts-answer')).toContainText('Staff account created.');
  const first = (await page.getByTestId('generated-password').textContent())!.trim();
  expect(first).toMatch(/^[A-Za-z0-9_-]{16}$/);
  await expect(page.locator(`[data-testid="account"][data-email="${member.email}"]`)).toContainText('Active');
  await expectNoAxeViolations(page);

  // The same address again: the shared error summary links to the field, and says it once.
  await add.getByLabel('Full name').fill(member.name);
  await add.getByLabel('Email address').fill(member.email);
  await page.getByRole('button', { name: 'Add staff member' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary.getByRole('link', { name: ACCOUNT_MESSAGES.emailTaken })).toHaveAttribute('href', '#new-email');
  await expect(summary.getByText(ACCOUNT_MESSAGES.emailTaken)).toHaveCount(1);
  await expect(add.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
  // Shown once: a fresh view of the page does not have it.
  await page.goto(`${server.origin}/staff/accounts`);
  await expect(page.getByTestId('generated-password')).toHaveCount(0);

  let second = '';
  const memberContext = await newContext(browser, info);
  const memberPage = await memberContext.newPage();
  try {
    await signIn(memberPage, { email: member.email, password: first });
    await expect(memberPage).toHaveURL(new RegExp(`${server.origin}/staff$`), { timeout: 20_000 });
    const nav = memberPage.getByRole('navigation', { name: 'Staff area' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Accounts' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
    for (const path of ['/staff/accounts', '/staff/audit']) {
      await memberPage.goto(`${server.origin}${path}`);
      await expect(memberPage, path).toHaveURL(new RegExp(`${server.origin}/staff$`));
    }

    // The admin resets the member's password: the member's session ends at once.
    const card = page.locator(`[data-testid="account"][data-email="${member.email}"]`);
    await card.getByRole('button', { name: `Reset password of ${member.name}` }).click();
    await expect(page.getByTestId('accounts-answer')).toContainText('Password reset.');
    second = (await page.getByTestId('generated-password').textContent())!.trim();
    expect(second).not.toBe(first);
    await memberPage.goto(`${server.origin}/staff`);
    await expect(memberPage).toHaveURL(/\/staff\/login\?next=%2Fstaff/);

    // Disabled: the new password no longer opens the account.
    await page.locator(`[data-testid="account"][data-email="${member.email}"]`).getByRole('button', { name: `Disable ${member.name}` }).click();
    await expect(page.getByTestId('accounts-answer')).toContainText('Account disabled.');
    await expect(page.locator(`[data-testid="account"][data-email="${member.email}"]`).getByTestId('account-status')).toHaveText('Disabled');
    await memberPage.locator('main').getByLabel('Email address').fill(member.email);
    await memberPage.getByLabel('Password').fill(second);
    await memberPage.getByRole('button', { name: 'Sign in' }).click();
    await expect(memberPage.getByText('Invalid email or password.').first()).toBeVisible();
    await expect(memberPage).toHaveURL(/\/staff\/login/);
  } finally {
    await memberContext.close();
  }

  // The admin cannot disable themself: no button for it.
  await expect(page.locator(`[data-testid="account"][data-email="${ADMIN.email}"]`).getByRole('button', { name: /^Disable/ })).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Staff area' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/staff\/audit$/);
  const table = page.getByTestId('audit-table');
  for (const action of ['staff.create', 'staff.password-reset', 'staff.disable', 'auth.login', 'auth.login-failed']) {
    await expect(table.locator(`tr[data-action="${action}"]`).first(), action).toBeVisible();
  }
  await expect(table.locator('tr[data-action="staff.create"]').first()).toContainText(member.email);
  await expect(table.locator('tr[data-action="auth.login-failed"]').first()).toContainText(member.email);
  await expect(table).not.toContainText(first);
  await expect(table).not.toContainText(second);
  await expectNoAxeViolations(page);
  // Nonsense page numbers are the first page, not an error.
  await page.goto(`${server.origin}/staff/audit?page=-3`);
  await expect(page.getByTestId('audit-table')).toBeVisible();

  // Sign out ends the session (and is audited).
  await page.getByRole('button', { name: /Sign out/ }).click();
  await expect(page).toHaveURL(/\/staff\/login$/);
  await page.goto(`${server.origin}/staff/audit`);
  await expect(page).toHaveURL(/\/staff\/login\?next=%2Fstaff%2Faudit$/);
  expect(await db.db.selectFrom('audit_log').select('id').where('action', '=', 'auth.logout').where('actor_id', '=', adminId).execute()).not.toHaveLength(0);
});

test('every staff route: no session, a revoked, an expired and an idle session all go to the sign-in page @nojs', async ({ request }) => {
  const revoked = await apiToken(ADMIN.email, ADMIN.password);
  const out = await fetch(`${server.origin}/api/auth/logout/`, { method: 'POST', headers: { Authorization: `Bearer ${revoked}`, 'Content-Type': 'application/json' }, body: '{}' });
  expect(out.status).toBe(200);
  const expired = await issueToken(db.db, adminId, new Date(Date.now() - (STAFF_SESSION_HOURS * 60 + 1) * 60_000));
  const idle = await issueToken(db.db, adminId, new Date(Date.now() - (STAFF_SESSION_IDLE_MINUTES + 1) * 60_000));
  const valid = await apiToken(ADMIN.email, ADMIN.password);
  const sessions: [string, string | undefined][] = [['none', undefined], ['revoked', revoked], ['expired', expired], ['idle', idle], ['garbage', 'x'.repeat(43)]];

  const pages: { path: string; html: string }[] = [];
  for (const path of [...STAFF_PAGES, ...STAFF_FILES]) {
    for (const [label, token] of sessions) {
      const res = await request.get(`${server.origin}${path}`, { headers: token ? { Cookie: `authToken=${token}` } : {}, maxRedirects: 0 });
      expect(res.status(), `${path} with ${label}`).toBeGreaterThanOrEqual(300);
      expect(res.status(), `${path} with ${label}`).toBeLessThan(400);
      expect(res.headers()['location'], `${path} with ${label}`).toMatch(/^\/staff\/login\?next=/);
      expect(res.headers()['x-robots-tag'], `${path} with ${label}`).toBe('noindex, nofollow');
    }
    // The same route with a live session answers (so the refusals above were the session's doing).
    const ok = await request.get(`${server.origin}${path}`, { headers: { Cookie: `authToken=${valid}` }, maxRedirects: 0 });
    expect(ok.status(), `${path} signed in`).toBe(200);
    if (STAFF_PAGES.includes(path)) {
      const html = await ok.text();
      pages.push({ path, html });
      expect(html, path).toMatch(/<meta name="robots" content="noindex, nofollow"\/>/);
      expect(ok.headers()['x-accel-expires'], path).toBeUndefined();
    }
  }

  // Valid HTML (the W3C Nu checker, one JVM for all pages).
  const dir = fs.mkdtempSync(nodePath.join(os.tmpdir(), 'staff-html-'));
  try {
    const files = pages.map((p, i) => {
      const file = nodePath.join(dir, `${i}.html`);
      fs.writeFileSync(file, p.html);
      return file;
    });
    const result = await run('java', ['-jar', VNU_JAR, '--errors-only', '--format', 'text', ...files]).then(
      () => '',
      (error: { stderr?: string }) => error.stderr ?? String(error),
    );
    expect(files.reduce((text, file, i) => text.replaceAll(file, pages[i]!.path), result)).toBe('');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }

  // Staff paths are kept out of search engines.
  const robots = await (await request.get(`${server.origin}/robots.txt`)).text();
  expect(robots).toMatch(/^Disallow: \/staff$/m);
  const sitemap = await (await request.get(`${server.origin}/sitemap.xml`)).text();
  expect(sitemap).toContain('<loc>');
  expect(sitemap).not.toContain('/staff');
});

test('every staff server action: refused without a session, with a revoked, expired or idle one, and from another origin @nojs', async ({ request }, info) => {
  const reg = await fetch(`${server.origin}/api/forms/registrations/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ firstName: 'Gate', lastName: 'Test', email: `gate-${info.project.name}@example.com`, phone: '08031234567', numberOfTickets: 1, submittedAt: new Date().toISOString() }),
  });
  expect(reg.status).toBe(201);
  const reference = ((await reg.json()) as { ticketReference: string }).ticketReference;
  // Someone to reset and disable: never the admin posting.
  await fetch(`${server.origin}/api/admin/staff/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await apiToken(ADMIN.email, ADMIN.password)}` },
    body: JSON.stringify({ name: 'Target Person', email: `target-${info.project.name}@itan.example`, role: 'staff' }),
  });

  for (const action of STAFF_ACTIONS) {
    const valid = await apiToken(ADMIN.email, ADMIN.password);
    const revoked = await apiToken(ADMIN.email, ADMIN.password);
    await fetch(`${server.origin}/api/auth/logout/`, { method: 'POST', headers: { Authorization: `Bearer ${revoked}`, 'Content-Type': 'application/json' }, body: '{}' });
    const expired = await issueToken(db.db, adminId, new Date(Date.now() - (STAFF_SESSION_HOURS * 60 + 1) * 60_000));
    const idle = await issueToken(db.db, adminId, new Date(Date.now() - (STAFF_SESSION_IDLE_MINUTES + 1) * 60_000));

    // The form as the server renders it for an admin (what a browser without JS posts).
    const html = await (await request.get(`${server.origin}${action.page}`, { headers: { Cookie: `authToken=${valid}` } })).text();
    const forms = [...html.matchAll(/<form[^>]*>[\s\S]*?<\/form>/g)].map((m) => m[0]);
    const form = forms.find((f) => action.form(f) && !f.includes(`value="${adminId}"`));
    expect(form, `${action.name}: its form on ${action.page}`).toBeDefined();
    const hidden = [...form!.matchAll(/<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?/g)].map((m) => [m[1]!, decode(m[2] ?? '')] as [string, string]);
    expect(hidden.some(([name]) => name.startsWith('$ACTION')), action.name).toBe(true);
    const fields = { ...Object.fromEntries(hidden), ...action.fields({ reference, unique: `${info.project.name}-${action.name.replace(/\W/g, '')}` }) };
    const post = (token: string | undefined, origin = server.origin) =>
      request.post(`${server.origin}${action.page}`, {
        headers: { Origin: origin, ...(token ? { Cookie: `authToken=${token}` } : {}) },
        multipart: fields,
        maxRedirects: 0,
      });

    const before = await auditCount();
    for (const [label, token] of [['no session', undefined], ['revoked', revoked], ['expired', expired], ['idle', idle]] as const) {
      const res = await post(token);
      expect(res.status(), `${action.name} with ${label}`).toBe(303);
      expect(res.headers()['location'], `${action.name} with ${label}`).toMatch(/\/staff\/login/);
    }
    const foreign = await post(valid, 'https://evil.example');
    expect(foreign.status(), `${action.name} cross-origin`).toBeGreaterThanOrEqual(400);
    expect(await auditCount(), `${action.name}: nothing happened`).toBe(before);

    // From the site's own origin with a live session it works, and is audited (so the refusals were real).
    const accepted = await post(valid);
    expect([200, 303], `${action.name} accepted`).toContain(accepted.status());
    if (accepted.status() === 303) expect(accepted.headers()['location'], action.name).not.toMatch(/next=/);
    const audits = action.audits ?? 1;
    await expect.poll(auditCount, { message: `${action.name}: audited ${audits === 1 ? 'once' : `${audits} times`}` }).toBe(before + audits);
  }

  // The admin API behind these actions refuses another origin too (proxy.ts), even with a valid token.
  const valid = await apiToken(ADMIN.email, ADMIN.password);
  const before = await auditCount();
  for (const path of ['/api/admin/staff/', `/api/admin/staff/${adminId}/password/`, '/api/admin/check-ins/', '/api/auth/logout/']) {
    const res = await request.post(`${server.origin}${path}`, {
      headers: { Origin: 'https://evil.example', Authorization: `Bearer ${valid}`, 'Content-Type': 'application/json' },
      data: { name: 'Evil', email: `evil-${info.project.name}@itan.example`, role: 'admin', reference },
    });
    expect(res.status(), path).toBe(403);
  }
  expect(await auditCount()).toBe(before);
});
