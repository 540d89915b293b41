/**
 * Publishing from the staff area (issue 17), end to end on a production build: sign in, write a
 * report with an uploaded photo (GPS EXIF in it), preview, publish; it shows on /highlights, the
 * home page, its own page, the sitemap, the RSS feed and the JSON-LD with the processed image
 * (EXIF gone); unpublish, and its page answers 404 and it leaves the lists. Then the OWASP XSS
 * payloads in the Markdown and in every text field: nothing runs, in public or in the staff area.
 * Runs with JavaScript on and off (phone projects). The spec starts its own `next start`.
 */
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { upsertStaffUser } from '../backend/auth/queries';
import { connectDb } from '../backend/db/connect';
import { REPORT_MESSAGES } from '../contract/api/reports';
import { FORM_POST_TOO_LARGE } from '../lib/http/body-limit';
import { expectNoAxeViolations } from './support/axe-scan';
import { XSS_MARKER, XSS_PAYLOADS } from './support/xss-payloads';
import { startNext, stop, type Server } from './support/next-server';
import { signInAsStaff } from './support/staff-sign-in';

const STAFF = { email: 'editor@itan.example', name: 'Ada Editor', password: 'editor-password-long' };
let server: Server;

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  server = await startNext({ RATE_LIMIT_MAX: '0' });
  const handle = connectDb({ sqlitePath: `${server.dataDir}/festival.sqlite` });
  await upsertStaffUser(handle.db, STAFF);
  await handle.close();
});

test.afterAll(async () => {
  await stop(server);
});

const jsOn = () => test.info().project.use.javaScriptEnabled !== false;

const signIn = (page: Page, next = '/staff/reports') => signInAsStaff(page, server.origin, STAFF, next);

async function photoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 2400, height: 1600, channels: 3, background: { r: 30, g: 110, b: 90 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'TestCam', Model: 'GPS-PHONE' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '7/1 9/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '3/1 21/1 0/1' } })
    .toBuffer();
}

/** Fails the test on any alert/confirm/prompt and on any console line carrying the payloads' marker. */
function watchForXss(page: Page, seen: string[]) {
  page.on('dialog', async (dialog) => {
    seen.push(`dialog: ${dialog.message()}`);
    await dialog.dismiss();
  });
  page.on('console', (msg) => {
    if (msg.text().includes(XSS_MARKER) && !/Content Security Policy|Refused to/i.test(msg.text())) seen.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (error) => {
    if (error.message.includes(XSS_MARKER)) seen.push(`pageerror: ${error.message}`);
  });
}

/** No element that runs script survives in the given part of the page. */
async function expectNothingInjected(page: Page, selector = 'main') {
  const found = await page.locator(selector).evaluateAll((roots) => {
    const bad: string[] = [];
    for (const root of roots) {
      for (const el of root.querySelectorAll('*')) {
        const tag = el.tagName.toLowerCase();
        if (['script', 'iframe', 'object', 'embed', 'svg', 'math', 'style', 'meta', 'base', 'details', 'body'].includes(tag) && !el.closest('[data-nextjs-scroll-focus-boundary]')) {
          if (tag === 'script' && (el.getAttribute('type') === 'application/ld+json' || el.hasAttribute('nonce'))) continue;
          if (tag === 'svg' && el.getAttribute('aria-hidden') === 'true' && !el.closest('[data-testid="report-body"], [data-testid="report-preview"]')) continue;
          bad.push(`<${tag}>`);
        }
        for (const attr of el.getAttributeNames()) {
          const value = el.getAttribute(attr) ?? '';
          // React's own placeholder on a form whose action is a server function (never submitted by the browser).
          if (tag === 'form' && attr === 'action' && value.startsWith("javascript:throw new Error('A React form was unexpectedly submitted.")) continue;
          if (/^on/i.test(attr)) bad.push(`${tag}[${attr}]`);
          if (/^\s*(javascript|vbscript|data):/i.test(value.replace(/[\s\u0000-\u001f]/g, '')) && ['href', 'src', 'action', 'formaction', 'background', 'dynsrc'].includes(attr)) bad.push(`${tag}[${attr}=${value}]`);
          if (attr === 'style' && /expression|javascript|url\(/i.test(value)) bad.push(`${tag}[style=${value}]`);
        }
      }
    }
    return bad;
  });
  expect(found).toEqual([]);
}

test('publish a report with a photo: it shows everywhere with the processed image; unpublish: 404', async ({ page, request }) => {
  const title = `Readers gather at Ake ${test.info().project.name}`;
  await signIn(page, '/staff/reports/new');
  await expectNoAxeViolations(page);

  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Category').selectOption('Community Impact');
  await page.getByLabel('Excerpt').fill('Two hundred readers and a new library shelf.');
  await page.getByLabel('Tags').fill('readers, library');
  await page.getByLabel('Report text (Markdown)').fill('The **hall** was full.\n\n## Afterwards\n\nSee [the programme](https://example.org/programme).');
  await page.getByLabel('Image (optional)').setInputFiles({ name: 'IMG_2041.JPG', mimeType: 'image/jpeg', buffer: await photoWithGps() });
  await page.getByLabel('Image description (alt text)').fill('Readers on the steps of Centenary Hall');

  // Preview: rendered on the same page, nothing published; the image is kept (its id echoed).
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByTestId('report-preview');
  await expect(preview.getByRole('heading', { name: 'Afterwards' })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('hall');
  await expect(preview.getByRole('link', { name: 'the programme' })).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expect(page.getByText('Uploaded. Choose a file to replace it.')).toBeVisible();

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page).toHaveURL(/\/staff\/reports\/[0-9a-f-]{36}\?done=published$/);
  await expect(page.getByRole('status').filter({ hasText: REPORT_MESSAGES.published })).toBeVisible();
  await expect(page.getByTestId('report-status')).toHaveText('Published');
  await expectNoAxeViolations(page);
  const editUrl = page.url().replace(/\?.*$/, '');
  const publicPath = (await page.locator('a[href^="/highlights/"]').first().getAttribute('href'))!;
  expect(publicPath).toMatch(/^\/highlights\/readers-gather-at-ake-/);

  // The report page: the processed image through next/image, the body, the JSON-LD.
  await page.goto(`${server.origin}${publicPath}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  const img = page.locator('main img').first();
  await expect(img).toHaveAttribute('alt', 'Readers on the steps of Centenary Hall');
  const srcset = (await img.getAttribute('srcset')) ?? (await img.getAttribute('src'))!;
  const mediaPath = decodeURIComponent(/url=([^&]+)/.exec(srcset)![1]!);
  expect(mediaPath).toMatch(/^\/api\/media\/[0-9a-f-]{36}\.jpg$/);
  const optimised = await request.get(`${server.origin}/_next/image?url=${encodeURIComponent(mediaPath)}&w=640&q=50`, { headers: { Accept: 'image/avif,image/webp' } });
  expect(optimised.status()).toBe(200);
  expect(optimised.headers()['content-type']).toMatch(/image\/(avif|webp)/);
  const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).join('\n');
  expect(jsonLd).toContain(`${server.origin}${mediaPath}`);

  // The stored image: JPEG, resized to 1600 wide, no EXIF at all (so no GPS).
  const stored = await request.get(`${server.origin}${mediaPath}`);
  expect(stored.headers()['content-type']).toBe('image/jpeg');
  expect(stored.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const meta = await sharp(await stored.body()).metadata();
  expect(meta).toMatchObject({ format: 'jpeg', width: 1600, height: 1067 });
  expect(meta.exif).toBeUndefined();

  // Lists, sitemap and feed.
  await page.goto(`${server.origin}/highlights`);
  await expect(page.getByRole('link', { name: title }).first()).toBeVisible();
  await page.goto(`${server.origin}/`);
  await expect(page.getByRole('link', { name: title }).first()).toBeVisible();
  const sitemap = await (await request.get(`${server.origin}/sitemap.xml`)).text();
  expect(sitemap).toContain(`${server.origin}${publicPath}`);
  const rss = await (await request.get(`${server.origin}/highlights/feed.xml`)).text();
  expect(rss).toContain(`<title>${title}</title>`);
  expect(rss).toContain(`${server.origin}${mediaPath}`);

  // Unpublish: gone from the page, the lists, the sitemap and the feed at once.
  await page.goto(editUrl);
  await page.getByRole('button', { name: 'Unpublish' }).click();
  await expect(page.getByTestId('report-status')).toHaveText('Draft');
  expect((await request.get(`${server.origin}${publicPath}`)).status()).toBe(404);
  await page.goto(`${server.origin}/highlights`);
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
  expect(await (await request.get(`${server.origin}/sitemap.xml`)).text()).not.toContain(publicPath);
  expect(await (await request.get(`${server.origin}/highlights/feed.xml`)).text()).not.toContain(title);
});

test('a bad edit keeps what was typed; a text file renamed .jpg is refused with a clear message', async ({ page }) => {
  await signIn(page, '/staff/reports/new');
  await page.getByLabel('Title').fill('');
  await page.getByLabel('Report text (Markdown)').fill('Kept *body* text');
  await page.getByLabel('Excerpt').fill('Kept excerpt');
  await page.getByLabel('Image (optional)').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('just some text, not a photo\n'.repeat(50)) });
  await page.getByLabel('Image description (alt text)').fill('A photo');
  await page.getByRole('button', { name: 'Save draft' }).click();
  const summary = page.getByRole('alert');
  await expect(summary.getByRole('link', { name: REPORT_MESSAGES.titleRequired })).toBeVisible();
  await expect(summary.getByRole('link', { name: REPORT_MESSAGES.imageNotImage })).toBeVisible();
  await expect(page.getByLabel('Report text (Markdown)')).toHaveValue('Kept *body* text');
  await expect(page.getByLabel('Excerpt')).toHaveValue('Kept excerpt');
  await expect(page.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
});

test('OWASP XSS payloads in the Markdown and in every text field run nowhere', async ({ page }) => {
  const seen: string[] = [];
  watchForXss(page, seen);
  await signIn(page, '/staff/reports/new');
  const short = XSS_PAYLOADS.filter((p) => p.length <= 100 && !p.includes('\n'));
  const tag = short.find((p) => p.length <= 40)!;
  const title = `XSS ${test.info().project.name} ${short[0]}`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Author').fill(short[3]!.slice(0, 100));
  await page.getByLabel('Excerpt').fill(short.slice(5, 8).join(' '));
  await page.getByLabel('Tags').fill(tag);
  await page.getByLabel('Report text (Markdown)').fill(XSS_PAYLOADS.join('\n\n'));
  const small = await sharp({ create: { width: 640, height: 427, channels: 3, background: '#a05a2c' } }).jpeg().toBuffer();
  await page.getByLabel('Image (optional)').setInputFiles({ name: 'x.jpg', mimeType: 'image/jpeg', buffer: small });
  const alt = short.find((p) => p.includes('onerror'))!;
  await page.getByLabel('Image description (alt text)').fill(alt);

  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('report-preview')).toBeVisible();
  await expectNothingInjected(page, '[data-testid="report-preview"]');

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByTestId('report-status')).toHaveText('Published');
  await expectNothingInjected(page);
  const publicPath = (await page.locator('a[href^="/highlights/"]').first().getAttribute('href'))!;

  for (const path of [publicPath, '/highlights', '/', '/staff/reports']) {
    await page.goto(`${server.origin}${path}`);
    await expect(page.locator('main')).toBeVisible();
    if (path === publicPath) await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expectNothingInjected(page);
    // Hover and focus everything a handler could hang on.
    if (jsOn()) {
      for (const el of await page.locator('main a, main img').all()) await el.hover({ timeout: 1000 }).catch(() => undefined);
    }
  }
  // Every text shows as text: the title's markup is visible characters, not an element.
  await page.goto(`${server.origin}${publicPath}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('<script>');
  // The alt text is an attribute value, nothing more.
  await expect(page.locator('main img').first()).toHaveAttribute('alt', alt);
  if (jsOn()) await page.waitForTimeout(500);
  expect(seen).toEqual([]);
});

test('the home page hero is edited from /staff/events and shows at once (an XSS payload in it stays text)', async ({ page }) => {
  const seen: string[] = [];
  watchForXss(page, seen);
  await signIn(page, '/staff/events');
  await expectNoAxeViolations(page);
  const title = `Stories <img src=x onerror=alert('XSS')> gather Ake (${test.info().project.name})`;
  const hero = () => page.getByRole('form', { name: 'Home page hero' });
  await hero().getByLabel('Title').fill('');
  await hero().getByLabel('Text', { exact: true }).fill('Kept text');
  await hero().getByRole('button', { name: 'Save hero' }).click();
  await expect(page.getByRole('alert').getByRole('link', { name: 'Enter the hero title' })).toBeVisible();
  await expect(hero().getByLabel('Text', { exact: true })).toHaveValue('Kept text');
  await hero().getByLabel('Title').fill(title);
  await hero().getByLabel('Image (optional)').setInputFiles({ name: 'hero.png', mimeType: 'image/png', buffer: await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#1e3a8a' } }).png().toBuffer() });
  await hero().getByLabel('Image description (alt text)').fill('Drummers at the festival gate');
  await hero().getByRole('button', { name: 'Save hero' }).click();
  await expect(page).toHaveURL(/\/staff\/events\?done=hero$/);
  await page.goto(`${server.origin}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByRole('img', { name: 'Drummers at the festival gate' })).toBeVisible();
  await expectNothingInjected(page);
  expect(seen).toEqual([]);
});

test('an event card is edited from /staff/events and shows at once; the programme is edited under Pages and lists', async ({ page }) => {
  await signIn(page, '/staff/events');
  const card = page.locator('section[id^="event-"]').nth(1);
  const slug = (await card.getAttribute('id'))!.replace(/^event-/, '');
  const eventTitle = `Book Circle at the Rock (${test.info().project.name})`;
  await card.getByLabel('Title').fill('');
  await card.getByRole('button', { name: /^Save / }).click();
  await expect(page.getByRole('alert').getByRole('link', { name: 'Enter a title' })).toBeVisible();
  await page.locator(`#event-${slug}`).getByLabel('Title').fill(eventTitle);
  await page.locator(`#event-${slug}`).getByLabel('Image (optional)').setInputFiles({ name: 'c.webp', mimeType: 'image/webp', buffer: await sharp({ create: { width: 900, height: 600, channels: 3, background: '#7c2d12' } }).webp().toBuffer() });
  await page.locator(`#event-${slug}`).getByRole('button', { name: /^Save / }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/events\\?done=event#event-${slug}$`));

  // The programme's rows and session details are no longer here: its sessions, speakers and venues are content entries.
  const programme = page.getByRole('region', { name: 'Programme' });
  await expect(programme.getByRole('link', { name: 'sessions' })).toHaveAttribute('href', '/staff/content/sessions');
  await expect(programme.getByRole('link', { name: 'speakers and artists' })).toHaveAttribute('href', '/staff/content/speakers');
  await expect(programme.getByRole('link', { name: 'venues' })).toHaveAttribute('href', '/staff/content/venues');
  await expect(page.locator('section[id^="program-"]')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /^Session: / })).toHaveCount(0);

  await page.goto(`${server.origin}/`);
  const link = page.getByRole('link', { name: eventTitle });
  await expect(link.first()).toBeVisible();
  // The card (its <li>) shows the uploaded image through next/image.
  await expect(page.locator('li').filter({ has: page.getByRole('link', { name: eventTitle }) }).locator('img').first()).toHaveAttribute('src', /api%2Fmedia%2F/);
});

test("a session's time and venue are edited as its entry (/staff/content/sessions): its page, the programme and its .ics show them (Lagos time)", async ({ page, request }) => {
  await signIn(page, '/staff/content/sessions');
  // A seeded one-evening session of the current edition (the list is by day and time): its own page.
  await page.getByTestId('entries').getByRole('listitem').filter({ hasText: 'Stories on Screen' }).getByRole('link', { name: /^Edit\b/ }).click();
  await expect(page).toHaveURL(/\/staff\/content\/sessions\/[^/]+$/);
  const form = () => page.getByRole('region', { name: 'Edit', exact: true });
  const slug = await form().getByLabel('Link name').inputValue();
  const day = await form().getByLabel('Day', { exact: true }).inputValue();
  const room = `Kuti Hall Annex (${test.info().project.name})`;
  // An end before the start: refused with a clear message, every typed value kept.
  await form().getByLabel('Starts (Lagos time)').fill('16:15');
  await form().getByLabel('Ends (Lagos time)').fill('15:00');
  await form().getByLabel('Venue').selectOption({ label: 'Courtyard stage' });
  await form().getByLabel('Room or stage (optional)').fill(room);
  await form().getByRole('button', { name: 'Save and publish' }).click();
  await expect(page.getByRole('alert').getByRole('link', { name: 'A session ends after it starts.' })).toBeVisible();
  await expect(form().getByLabel('Room or stage (optional)')).toHaveValue(room);
  await expect(form().getByLabel('Starts (Lagos time)')).toHaveValue('16:15');
  await expect(form().getByLabel('Venue')).toHaveValue('courtyard-stage');
  // At 390 px: nothing wider than the screen, axe clean with the errors shown.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);

  await form().getByLabel('Ends (Lagos time)').fill('17:45');
  await form().getByRole('button', { name: 'Save and publish' }).click();
  await expect(page).toHaveURL(/\/staff\/content\/sessions\?done=published&edition=\d{4}/);
  await expect(page.getByRole('status').filter({ hasText: 'Published: the page shows it now.' })).toBeVisible();

  await page.goto(`${server.origin}/events/${slug}`);
  await expect(page.getByTestId('event-when')).toContainText('16:15');
  await expect(page.getByTestId('event-when').locator('time').first()).toHaveAttribute('datetime', `${day}T16:15:00+01:00`);
  await expect(page.getByTestId('event-venue')).toContainText('Courtyard stage');

  await page.goto(`${server.origin}/programme`);
  const session = page.getByTestId('programme-session').filter({ has: page.locator(`a[href="/events/${slug}"]`) });
  await expect(session).toContainText('16:15–17:45');
  await expect(session).toContainText('Courtyard stage');

  const ics = await request.get(`${server.origin}/events/${slug}/calendar.ics`);
  expect(ics.status()).toBe(200);
  const text = (await ics.text()).replace(/\r\n[ \t]/g, '');
  // 16:15 in Lagos is 15:15 UTC.
  const ymd = day.replace(/-/g, '');
  expect(text).toMatch(new RegExp(`DTSTART[^:\\r\\n]*:${ymd}T(151500Z|161500)`));
  expect(text).toMatch(new RegExp(`DTEND[^:\\r\\n]*:${ymd}T(164500Z|174500)`));
  expect(text).toContain('Courtyard stage');
});

test('@js a file over the upload limit is refused in the browser, before it is posted', async ({ page }) => {
  await signIn(page, '/staff/reports/new');
  const input = page.getByLabel('Image (optional)');
  await input.setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(6 * 1024 * 1024, 1) });
  await expect(page.getByRole('status').filter({ hasText: REPORT_MESSAGES.imageTooLarge })).toBeVisible();
  expect(await input.evaluate((el: HTMLInputElement) => el.files?.length ?? 0)).toBe(0);
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  // The rest of the form still saves.
  await page.getByLabel('Title').fill(`Saved without the huge file ${test.info().project.name}`);
  await page.getByLabel('Report text (Markdown)').fill('Body');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/\?done=saved$/);
});

test('@nojs a post over the size limit gets a page that says so (413), not an error; nothing is saved', async ({ page }) => {
  await signIn(page, '/staff/reports/new');
  const title = `Too large to post ${test.info().project.name}`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Report text (Markdown)').fill('Body');
  await page.getByLabel('Image (optional)').setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(6 * 1024 * 1024, 1) });
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && r.url().startsWith(`${server.origin}/staff/reports/new`)),
    page.getByRole('button', { name: 'Save draft' }).click(),
  ]);
  expect(response.status()).toBe(413);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(FORM_POST_TOO_LARGE.title);
  await expect(page.getByText(FORM_POST_TOO_LARGE.message)).toBeVisible();
  await page.getByRole('link', { name: FORM_POST_TOO_LARGE.back }).click();
  await expect(page).toHaveURL(/\/staff\/reports\/new$/);
  await page.goto(`${server.origin}/staff/reports`);
  await expect(page.getByText(title)).toHaveCount(0);
});

test('the reports list opens every report, the seeded ones too', async ({ page }) => {
  await signIn(page, '/staff/reports');
  await expectNoAxeViolations(page);
  const links = page.getByTestId('report-list').getByRole('link');
  const count = await links.count();
  expect(count).toBeGreaterThanOrEqual(4);
  const last = links.nth(count - 1);
  const title = (await last.textContent())!.trim();
  await last.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit report');
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expect(page.getByTestId('report-status')).toHaveText(/Published|Draft/);
});
