/**
 * The staff area with API_BASE_URL (issue 17, item 7): the festival's own backend offers sign-in
 * and the gate's counts but not our dashboard, accounts, audit or exports. The dashboard shows what
 * it offers and says what it does not (no error page), and publishing is said to live elsewhere.
 * A small stand-in of that backend runs on loopback; the site is `next start` on the suite's build.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { PUBLISHING_OFF_MESSAGE, STAFF_TEXT } from '../lib/staff/messages';
import { INBOX_TEXT } from '../lib/staff/inbox-messages';
import { expectNoAxeViolations } from './support/axe-scan';
import { startNext, stop, type Server } from './support/next-server';

const TOKEN = 'external-backend-token-0123456789';
const USER = { id: 'ext-1', email: 'gate@festival.example', name: 'Sade Gate' };

let site: Server;
let external: http.Server;

test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.beforeAll(async () => {
  external = http.createServer((req, res) => {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const authed = req.headers.authorization === `Bearer ${TOKEN}`;
    const path = (req.url ?? '').split('?')[0]!.replace(/\/+$/, '');
    req.resume();
    req.on('end', () => {
      if (path === '/api/content/hero') return json(200, { success: true, data: {} });
      if (req.method === 'POST' && path === '/api/auth/login') return json(200, { success: true, token: TOKEN, user: USER });
      if (path === '/api/auth/me') return authed ? json(200, { success: true, user: USER }) : json(401, { success: false, message: 'no' });
      if (path === '/api/auth/logout') return json(200, { success: true });
      if (path === '/api/admin/check-ins' && authed) {
        return json(200, { success: true, data: { registrations: 7, wristbands: 12, checkedInRegistrations: 2, checkedInWristbands: 3 } });
      }
      return json(404, { success: false, message: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => external.listen(0, '127.0.0.1', resolve));
  const apiPort = (external.address() as AddressInfo).port;
  site = await startNext({ API_BASE_URL: `http://127.0.0.1:${apiPort}`, RATE_LIMIT_MAX: '0' });
});

test.afterAll(async () => {
  await stop(site);
  await new Promise((resolve) => external?.close(resolve));
});

test('with API_BASE_URL: the dashboard shows the gate counts it offers and explains the rest', async ({ page }) => {
  await page.goto(`${site.origin}/staff`);
  await expect(page).toHaveURL(/\/staff\/login\?next=%2Fstaff$/);
  await page.locator('main').getByLabel('Email address').fill(USER.email);
  await page.getByLabel('Password').fill('whatever-the-backend-says');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${site.origin}/staff$`), { timeout: 20_000 });

  await expect(page.getByTestId('dashboard-unavailable')).toHaveText(STAFF_TEXT.dashboardUnavailable);
  await expect(page.getByText(PUBLISHING_OFF_MESSAGE)).toBeVisible();
  await expect(page.getByTestId('figure-registrations')).toContainText('7');
  await expect(page.getByTestId('figure-checked-in')).toContainText('3');
  await expect(page.getByTestId('figure-checked-in')).toContainText('2 of 7 registrations');
  // A user the external backend gives no role is plain staff; publishing sections are hidden.
  const nav = page.getByRole('navigation', { name: 'Staff area' });
  for (const hidden of ['Accounts', 'Audit log', 'Reports', 'Events & programme', 'Newsletter', 'Inbox']) await expect(nav.getByRole('link', { name: hidden })).toHaveCount(0);
  await expectNoAxeViolations(page);
  // The inbox keeps its statuses and replies in the built-in backend: its page says so (issue 31).
  await page.goto(`${site.origin}/staff/inbox`);
  await expect(page.getByTestId('inbox-unavailable')).toHaveText(INBOX_TEXT.unavailable);
  await page.goto(`${site.origin}/staff`);

  // An export the external backend does not offer: a clear 404 in words, not an error page.
  const csv = await page.context().request.get(`${site.origin}/staff/export/registrations`);
  expect(csv.status()).toBe(404);
  expect(await csv.text()).toBe(STAFF_TEXT.exportUnavailable);
});
