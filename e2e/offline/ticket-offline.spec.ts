/**
 * Tickets that open with no signal (issue 29, item 1), in Chromium with a real service worker:
 * a ticket page opened once opens again offline (QR code, reference, name, edition, dates, venue);
 * offline, another ticket's URL (another reference, or the same one with another token) is not
 * served from the phone; pages outside /tickets/ never pass through the worker, and its caches
 * hold ticket pages and static files only; back online, a ticket given back shows its new state.
 * Also "Save ticket image" (a PNG whose QR code reads back, signed like the page), the web app
 * manifest and its icons, the worker script's headers, and /tickets/saved (axe clean).
 *
 * The spec starts its own `next start` on the suite's build (e2e/support/next-server.ts): service
 * workers and caches belong to an origin, so no other spec's server shares them.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { expectNoAxeViolations } from '../support/axe-scan';
import { recordCspViolations } from '../support/csp-violations';
import { cacheContents } from '../support/caches';
import { startNext, stop, type Server } from '../support/next-server';

let server: Server;

test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.beforeAll(async () => {
  server = await startNext({ RATE_LIMIT_MAX: '0' });
});

test.afterAll(async () => {
  await stop(server);
});

interface Registered {
  reference: string;
  /** `/tickets/<reference>?t=<token>` */
  path: string;
  token: string;
}

async function register(request: APIRequestContext, email: string, tickets = 1): Promise<Registered> {
  const res = await request.post(`${server.origin}/api/forms/registrations/`, {
    data: { firstName: 'Ada', lastName: 'Obi', email, phone: '0803 123 4567', numberOfTickets: tickets },
  });
  expect(res.status()).toBe(201);
  const { ticketReference, ticketUrl } = (await res.json()) as { ticketReference: string; ticketUrl: string };
  const token = new URL(ticketUrl, server.origin).searchParams.get('t')!;
  return { reference: ticketReference, path: ticketUrl, token };
}

/** Opens the ticket and waits until the worker controls the page and keeps its copy. */
async function openOnce(page: Page, ticket: Registered) {
  const response = await page.goto(`${server.origin}${ticket.path}`);
  expect(response?.status()).toBe(200);
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 20_000 });
  await expect.poll(async () => Object.values(await cacheContents(page)).flat(), { timeout: 20_000 }).toContain(`${server.origin}${ticket.path}`);
}

const TICKET_PAGE = /^\/tickets\/ITN-[A-Z0-9]{6}\?t=[A-Za-z0-9_-]{22}$/;

/** What the QR code of the ticket should carry: the backend's gate pass, or the ticket link. */
async function expectedQrText(request: APIRequestContext, ticket: Registered): Promise<string> {
  const res = await request.get(`${server.origin}/api/tickets/${ticket.reference}/?t=${ticket.token}`);
  expect(res.status()).toBe(200);
  const { data } = (await res.json()) as { data: { pass?: string | null } };
  return data.pass ?? `${server.origin}${ticket.path}`;
}

/**
 * A gate pass is signed anew on each request (ECDSA signatures are randomised): the signed part
 * (reference, edition, wristbands) must match, the signature be there. A ticket link matches exactly.
 */
function expectQr(actual: string | undefined, expected: string) {
  if (!expected.startsWith('ITN2.')) {
    expect(actual).toBe(expected);
    return;
  }
  expect(actual).toMatch(/^ITN2\.[A-Z0-9]{6}\.\d{4}(?:-[A-Za-z0-9]+)*\.\d+\.[A-Za-z0-9_-]{20,}$/);
  expect(actual!.slice(0, actual!.lastIndexOf('.'))).toBe(expected.slice(0, expected.lastIndexOf('.')));
}

async function readQr(image: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(image).flatten({ background: '#ffffff' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)?.data;
}

test('@js a ticket opened once opens again offline, from its own copy only; back online it shows its new state', async ({ page, context, request }, info) => {
  const tag = info.project.name;
  const ticket = await register(request, `offline-a-${tag}@example.com`, 2);
  const other = await register(request, `offline-b-${tag}@example.com`, 1);

  const violations = await recordCspViolations(page);
  await openOnce(page, ticket);
  // Registering the worker is allowed by the page's policy (worker-src 'self').
  expect(await violations()).toEqual([]);
  const qrName = `QR code of ticket ${ticket.reference}`;

  // Pages outside /tickets/ never pass through the worker, nor do the ticket pages it does not keep.
  for (const path of ['/', '/staff/login', '/visit', '/tickets/resend']) {
    const res = await page.goto(`${server.origin}${path}`);
    expect(res?.status(), path).toBe(200);
    expect(res?.fromServiceWorker(), path).toBe(false);
  }
  await page.goto(`${server.origin}${ticket.path}`);

  // What the worker keeps: ticket pages (this one alone so far), /tickets/saved, and static files.
  const kept = await cacheContents(page);
  expect(Object.keys(kept).sort()).toEqual(['itan-ticket-pages-v1', 'itan-ticket-static-v1']);
  const pages = kept['itan-ticket-pages-v1']!.map((url) => url.slice(server.origin.length)).sort();
  expect(pages).toEqual([ticket.path, '/tickets/saved'].sort());
  expect(pages.filter((p) => p !== '/tickets/saved').every((p) => TICKET_PAGE.test(p))).toBe(true);
  const files = kept['itan-ticket-static-v1']!;
  expect(files.length).toBeGreaterThan(0);
  for (const url of files) expect(url, url).toMatch(new RegExp(`^${server.origin}/(_next/static|fonts)/`));
  info.annotations.push({ type: 'worker caches', description: `${pages.length} pages, ${files.length} static files` });

  // Offline: the same URL opens from the phone, whole.
  await context.setOffline(true);
  const offline = await page.reload();
  expect(offline?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('img', { name: qrName })).toBeVisible();
  await expect(page.getByTestId('ticket-reference')).toHaveText(ticket.reference);
  await expect(page.getByTestId('ticket-name')).toHaveText('Ada Obi');
  await expect(page.getByTestId('ticket-wristbands')).toHaveText('2 wristbands');
  await expect(page.getByTestId('ticket-venue')).not.toBeEmpty();
  const article = page.getByRole('article');
  await expect(article.getByText('24–25 October 2025')).toBeVisible();
  await expect(article.getByText('Ìtàn Book & Arts Festival')).toBeVisible();
  // The kept copy carries its own policy and nonce: its scripts run from the phone's cache.
  expect(await violations()).toEqual([]);

  // Offline, another ticket, and this reference with another ticket's token: not from the phone.
  for (const path of [other.path, `/tickets/${ticket.reference}?t=${other.token}`, `/tickets/${other.reference}?t=${ticket.token}`]) {
    const res = await page.goto(`${server.origin}${path}`);
    expect(res?.status(), path).toBe(503);
    await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
    await expect(page.getByTestId('ticket-reference')).toHaveCount(0);
    await expect(page.getByText(ticket.reference)).toHaveCount(0);
  }
  // Offline, "Tickets on this phone" lists it, and its link opens it.
  await page.goto(`${server.origin}/tickets/saved`);
  await expect(page.getByTestId('saved-tickets')).toHaveAttribute('data-state', 'read');
  const link = page.getByRole('link', { name: `Ticket ${ticket.reference}` });
  await expect(link).toHaveAttribute('href', ticket.path);
  await expect(page.getByRole('link', { name: `Ticket ${other.reference}` })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await link.click();
  await expect(page.getByRole('img', { name: qrName })).toBeVisible();

  // Offline, pages outside the worker's scope fail as any page does with no network.
  for (const path of ['/', '/staff/check-in']) {
    await expect(page.goto(`${server.origin}${path}`), path).rejects.toThrow(/ERR_INTERNET_DISCONNECTED|ERR_FAILED|net::/);
  }

  // Back online: the wristbands are given back, and the page says so (network first), QR code and
  // image link gone; offline again, the kept copy is that new state.
  await context.setOffline(false);
  const given = await request.post(`${server.origin}/api/tickets/${ticket.reference}/cancel/`, { data: { token: ticket.token } });
  expect(given.status(), await given.text()).toBeLessThan(300);
  const fresh = await page.goto(`${server.origin}${ticket.path}`);
  expect(fresh?.fromServiceWorker()).toBe(true);
  await expect(page.getByTestId('ticket-given-back')).toBeVisible();
  await expect(page.getByRole('img', { name: qrName })).toHaveCount(0);
  await expect(page.getByTestId('save-ticket')).toHaveCount(0);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('ticket-given-back')).toBeVisible();
  await context.setOffline(false);
});

test('@js once the worker is installed, the kept ticket opens offline with JavaScript off too', async ({ page, context, request }, info) => {
  const ticket = await register(request, `offline-nojs-${info.project.name}@example.com`, 1);
  await openOnce(page, ticket);
  const plain = await context.newPage();
  const cdp = await context.newCDPSession(plain);
  await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
  await context.setOffline(true);
  const res = await plain.goto(`${server.origin}${ticket.path}`);
  expect(res?.fromServiceWorker()).toBe(true);
  await expect(plain.getByRole('img', { name: `QR code of ticket ${ticket.reference}` })).toBeVisible();
  await expect(plain.getByTestId('ticket-reference')).toHaveText(ticket.reference);
  await context.setOffline(false);

  // "Remove from this phone" forgets the copy.
  await page.goto(`${server.origin}/tickets/saved`);
  await page.getByRole('button', { name: new RegExp(`^Remove from this phone\\s*: ticket ${ticket.reference}$`) }).click();
  await expect(page.getByTestId('saved-tickets').getByRole('status')).toHaveText('No tickets are saved on this phone yet.');
  expect(Object.values(await cacheContents(page)).flat()).not.toContain(`${server.origin}${ticket.path}`);
});

test('@js "Save ticket image": a PNG of the QR code, signed like the page', async ({ page, request }, info) => {
  const ticket = await register(request, `image-${info.project.name}@example.com`, 3);
  const other = await register(request, `image-other-${info.project.name}@example.com`, 1);
  const expected = await expectedQrText(request, ticket);

  // The page's QR code carries the same text.
  await page.goto(`${server.origin}${ticket.path}`);
  const svg = await page.getByRole('img', { name: `QR code of ticket ${ticket.reference}` }).locator('svg').evaluate((el) => el.outerHTML);
  expectQr(await readQr(await sharp(Buffer.from(svg), { density: 300 }).png().toBuffer()), expected);

  const link = page.getByRole('link', { name: 'Save ticket image' });
  const href = (await link.getAttribute('href'))!;
  expect(href).toBe(`/tickets/${ticket.reference}/ticket.png?t=${ticket.token}`);
  expect(await link.getAttribute('download')).toBe(`itan-ticket-${ticket.reference}.png`);

  const res = await request.get(`${server.origin}${href}`);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/png');
  expect(res.headers()['content-disposition']).toBe(`attachment; filename="itan-ticket-${ticket.reference}.png"`);
  expect(res.headers()['cache-control']).toBe('private, no-store');
  const png = await res.body();
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const meta = await sharp(png).metadata();
  expect(meta.width).toBeGreaterThanOrEqual(600);
  expectQr(await readQr(png), expected);
  info.annotations.push({ type: 'ticket image', description: `${meta.width}×${meta.height}, ${png.byteLength} bytes` });

  // A download really starts from the link.
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(`itan-ticket-${ticket.reference}.png`);

  for (const wrong of [
    `/tickets/${ticket.reference}/ticket.png?t=${other.token}`,
    `/tickets/${other.reference}/ticket.png?t=${ticket.token}`,
    `/tickets/${ticket.reference}/ticket.png?t=${'A'.repeat(22)}`,
    `/tickets/${ticket.reference}/ticket.png`,
    `/tickets/${ticket.reference}/ticket.png?t=${ticket.token}&t=${ticket.token}`,
    `/tickets/ITN-ZZZZZZ/ticket.png?t=${ticket.token}`,
  ]) {
    const r = await request.get(`${server.origin}${wrong}`);
    expect(r.status(), wrong).toBe(404);
    expect(r.headers()['content-type'], wrong).not.toContain('image/png');
  }

  // A ticket given back has no image.
  await request.post(`${server.origin}/api/tickets/${other.reference}/cancel/`, { data: { token: other.token } });
  expect((await request.get(`${server.origin}/tickets/${other.reference}/ticket.png?t=${other.token}`)).status()).toBe(404);
});

test('@js the web app manifest, its icons and the worker script are served as they should be', async ({ page, request }) => {
  await page.goto(`${server.origin}/tickets/saved`);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const res = await request.get(new URL(href!, server.origin).href);
  expect(res.status()).toBe(200);
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    scope: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
  };
  expect(manifest).toMatchObject({ name: 'Ìtàn Book & Arts Festival', short_name: 'Ìtàn Festival', start_url: '/tickets/saved', scope: '/tickets/', display: 'standalone' });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of manifest.icons) {
    const file = await request.get(new URL(icon.src, server.origin).href);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type'], icon.src).toBe('image/png');
    const meta = await sharp(await file.body()).metadata();
    expect(`${meta.width}x${meta.height}`, icon.src).toBe(icon.sizes);
  }

  const worker = await request.get(`${server.origin}/ticket-sw.js`);
  expect(worker.status()).toBe(200);
  expect(worker.headers()['cache-control']).toBe('no-cache');
  expect(worker.headers()['content-type']).toMatch(/^(text|application)\/javascript/);
  expect(worker.headers()['content-security-policy']).toContain("default-src 'none'");
  expect(await worker.text()).toContain("addEventListener('fetch'");
});

test('@js /tickets/saved: a page of its own (not a missing ticket), empty on a new phone, axe clean', async ({ page }) => {
  const res = await page.goto(`${server.origin}/tickets/saved`);
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Tickets on this phone' })).toBeVisible();
  await expect(page.getByTestId('saved-tickets')).toHaveAttribute('data-state', 'read');
  await expect(page.getByTestId('saved-tickets').getByRole('status')).toHaveText('No tickets are saved on this phone yet.');
  await expectNoAxeViolations(page);
  // Without JavaScript the page says what the list needs.
  const html = await (await page.request.get(`${server.origin}/tickets/saved`)).text();
  expect(html).toMatch(/<noscript>[\s\S]*This list needs JavaScript/);
});

test('@js the programme, once seen, opens with no signal (issue 41), in caches of its own, whichever way the visitor came to it', async ({ page, context }) => {
  // Reached by a link from the home page: the worker did not load the page, so the page asks it to keep it.
  await page.goto(`${server.origin}/`);
  await page.locator('a[href="/programme"]').first().click();
  await expect(page).toHaveURL(/\/programme$/);
  await expect.poll(async () => (await cacheContents(page))['itan-programme-pages-v1'] ?? [], { timeout: 20_000 }).toEqual([`${server.origin}/programme`]);
  const heading = await page.getByRole('heading', { level: 1 }).textContent();
  expect(heading).toBeTruthy();

  await context.setOffline(true);
  const offline = await page.reload();
  expect(offline?.status()).toBe(200);
  expect(offline?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading!);
  // A view of the programme not seen (another day's filter) is not served from this copy: the worker
  // keeps filtered views under their own URLs (issue 40) and says this one is not on the phone.
  const other = await page.goto(`${server.origin}/programme?day=1`).catch(() => null);
  if (other?.fromServiceWorker()) {
    await expect(page.getByText('This page is not saved on this phone')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(heading!);
  }
  await context.setOffline(false);
  await page.goto(`${server.origin}/programme`);

  // The programme's worker keeps the programme only: the tickets' and the gate's caches are apart.
  const kept = await cacheContents(page);
  expect(kept['itan-programme-pages-v1']).toEqual([`${server.origin}/programme`]);
  expect(Object.keys(kept).filter((name) => name.startsWith('itan-gate-'))).toEqual([]);
});
