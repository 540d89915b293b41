/**
 * The installable gate (issue 41, item 1), in Chromium with a real service worker and a profile on
 * disk (a persistent context), so that closing the browser and starting it again is a relaunch of
 * the phone's browser, not a new phone. A volunteer opens the gate once online; then, with no
 * signal, a reload and a relaunch from the gate manifest's start URL both open the gate with its
 * ticket list and queue; a pass and a typed reference are admitted offline; back online the queue
 * syncs once. The worker keeps the gate page only (never another staff page, never an API or a
 * server action), and signing out takes the kept page off the phone while the queue stays.
 *
 * The spec starts its own `next start` on the suite's build: service workers and caches belong to
 * an origin, so no other spec's server shares them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { connectDb, type DbHandle } from '../../backend/db/connect';
import { upsertStaffUser } from '../../backend/auth/queries';
import { expectNoAxeViolations } from '../support/axe-scan';
import { cacheContents } from '../support/caches';
import { startNext, stop, type Server } from '../support/next-server';

const GATE = { email: 'east@itan.example', name: 'Eniola East', password: 'east-gate-password' };
const GATE_PATH = '/staff/check-in';

let server: Server;
let handle: DbHandle;
let profile: string;

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.beforeAll(async () => {
  server = await startNext({ RATE_LIMIT_MAX: '0' });
  handle = connectDb({ sqlitePath: `${server.dataDir}/festival.sqlite` });
  await upsertStaffUser(handle.db, GATE);
  profile = fs.mkdtempSync(path.join(os.tmpdir(), 'gate-profile-'));
});

test.afterAll(async () => {
  await handle?.close();
  await stop(server);
  if (profile) fs.rmSync(profile, { recursive: true, force: true });
});

let made = 0;
async function ticket(wristbands = 1): Promise<{ reference: string; pass: string }> {
  made += 1;
  const res = await fetch(`${server.origin}/api/forms/registrations/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ firstName: 'Installed', lastName: `Gate${made}`, email: `installed-${made}-${Date.now()}@example.com`, phone: '08031234567', numberOfTickets: wristbands }),
  });
  expect(res.status).toBe(201);
  const { ticketReference: reference, ticketUrl } = (await res.json()) as { ticketReference: string; ticketUrl: string };
  const token = new URL(ticketUrl, server.origin).searchParams.get('t')!;
  const data = (await (await fetch(`${server.origin}/api/tickets/${reference}/?t=${token}`)).json()) as { data: { pass: string } };
  return { reference, pass: data.data.pass };
}

async function check(page: Page, text: string) {
  await page.getByLabel('Ticket reference').fill(text);
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
  return page.getByTestId('check-in-answer');
}

const scansOf = (reference: string) => handle.db.selectFrom('gate_scans').selectAll().where('reference', '=', reference).execute();

test('@js the gate opens with no signal after a reload and after a relaunch from its manifest, admits offline, and syncs once', async ({ playwright, launchOptions }) => {
  const browserType = playwright.chromium;
  const passHolder = await ticket(2);
  const typed = await ticket(1);
  const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
  let context: BrowserContext = await browserType.launchPersistentContext(profile, { ...launchOptions, ...phone });
  let page = context.pages()[0] ?? (await context.newPage());

  // Online, once: sign in, the list downloads, the worker takes the page.
  await page.goto(`${server.origin}${GATE_PATH}`);
  await page.locator('main').getByLabel('Email address').fill(GATE.email);
  await page.getByLabel('Password').fill(GATE.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/staff\/check-in$/, { timeout: 20_000 });
  await expect(page.getByTestId('gate-pack')).toContainText('Ticket list downloaded at', { timeout: 20_000 });
  await page.getByLabel('Gate name').fill('East door');
  await page.getByRole('button', { name: 'Save' }).click();
  // The document began on the sign-in page, so the worker did not load it: the page asks it to keep the gate.
  await expect.poll(async () => (await cacheContents(page))['itan-gate-pages-v1'] ?? [], { timeout: 20_000 }).toEqual([`${server.origin}${GATE_PATH}`]);

  // The page names the gate's own manifest, which installs the gate and opens at it.
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBe('/gate.webmanifest');
  const manifestRes = await fetch(`${server.origin}${manifestHref}`);
  expect(manifestRes.status).toBe(200);
  expect(manifestRes.headers.get('content-type')).toContain('application/manifest+json');
  const manifest = (await manifestRes.json()) as { start_url: string; scope: string; display: string; icons: unknown[] };
  expect(manifest).toMatchObject({ start_url: GATE_PATH, scope: GATE_PATH, display: 'standalone' });
  expect(manifest.icons.length).toBeGreaterThan(0);

  // The worker keeps the gate page only: another staff page, the API and the actions go to the network.
  const dashboard = await page.goto(`${server.origin}/staff`);
  expect(dashboard?.fromServiceWorker()).toBe(false);
  await page.goto(`${server.origin}${GATE_PATH}`);
  const kept = await cacheContents(page);
  expect(Object.keys(kept).sort()).toEqual(['itan-gate-pages-v1', 'itan-gate-static-v1']);
  expect(kept['itan-gate-pages-v1']).toEqual([`${server.origin}${GATE_PATH}`]);
  expect(kept['itan-gate-static-v1']!.every((url) => url.startsWith(`${server.origin}/_next/static/`) || url.startsWith(`${server.origin}/fonts/`))).toBe(true);
  await expect(page.getByTestId('gate-connection')).toHaveAttribute('data-online', 'true');

  // No signal, and the volunteer reloads: the gate opens, says whose it is and how old its list is.
  await context.setOffline(true);
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect(page.getByText(`Signed in as ${GATE.name}`)).toBeVisible();
  await expect(page.getByTestId('gate-pack')).toContainText('Ticket list downloaded at');
  await expect(page.getByTestId('gate-connection')).toHaveAttribute('data-online', 'false', { timeout: 20_000 });
  await expect(await check(page, passHolder.pass)).toHaveAttribute('data-status', 'admit-offline');
  await expect(await check(page, typed.reference)).toHaveAttribute('data-status', 'admit-offline');
  await expect(page.getByTestId('gate-queue')).toHaveAttribute('data-queued', '2');
  await expectNoAxeViolations(page);

  // Android kills the browser; the volunteer starts the gate again from the home screen, still offline.
  await context.close();
  context = await browserType.launchPersistentContext(profile, { ...launchOptions, ...phone, offline: true });
  page = context.pages()[0] ?? (await context.newPage());
  const relaunched = await page.goto(`${server.origin}${manifest.start_url}`);
  expect(relaunched?.fromServiceWorker()).toBe(true);
  await expect(page.getByTestId('gate-connection')).toHaveAttribute('data-online', 'false', { timeout: 20_000 });
  await expect(page.getByTestId('gate-queue')).toHaveAttribute('data-queued', '2', { timeout: 20_000 });
  // What was admitted before the relaunch is still known on this phone.
  await expect(await check(page, typed.reference)).toHaveAttribute('data-reason', 'already-here');
  expect(await scansOf(passHolder.reference)).toHaveLength(0);

  // Back online: the queue syncs, once.
  await context.setOffline(false);
  await expect(page.getByTestId('gate-queue')).toHaveAttribute('data-queued', '0', { timeout: 30_000 });
  for (const t of [passHolder, typed]) {
    const scans = await scansOf(t.reference);
    expect(scans.map((s) => [s.device_name, Number(s.offline)])).toEqual([['East door', 1]]);
    const row = await handle.db.selectFrom('registrations').select('checked_in_by').where('ticket_reference', '=', t.reference).executeTakeFirstOrThrow();
    expect(row.checked_in_by).toBe(GATE.name);
  }

  // Signing out takes the kept gate page (it names who was signed in) off the phone; the gate's list
  // and queue store stays. (The document is still the gate's, so the sign-in page's own static
  // files may be kept again: content-hashed scripts and styles, nobody's data.)
  await page.getByRole('button', { name: /Sign out/ }).click();
  await expect(page).toHaveURL(/\/staff\/login/, { timeout: 20_000 });
  await expect.poll(async () => Object.keys(await cacheContents(page)).filter((name) => name.startsWith('itan-gate-pages')), { timeout: 20_000 }).toEqual([]);
  await context.setOffline(true);
  const signedOutOffline = await page.goto(`${server.origin}${GATE_PATH}`);
  expect(signedOutOffline?.status()).toBe(503);
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await expect(page.getByText(GATE.name)).toHaveCount(0);
  await context.setOffline(false);
  expect(await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))).toContain('itan-gate');
  await context.close();
});
