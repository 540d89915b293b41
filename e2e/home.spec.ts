/**
 * The home page (spec §2): every section and anchor, their links, the festival dates, the
 * placeholder for images that fail, at phone and desktop, JavaScript on and off (projects).
 * The built-in backend serves content seeded from contract/fallbacks/.
 */
import { expect, test } from '@playwright/test';

const DATES = '24–25 October 2025';

test('hero: title, body, the call to action to registration, dates', async ({ page }) => {
  await page.goto('/');
  const hero = page.locator('section[aria-labelledby="hero-title"]');
  await expect(hero.getByRole('heading', { level: 1 })).not.toBeEmpty();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(hero.locator('p').nth(1)).not.toBeEmpty();
  // No external form is configured in the test servers, so the CTA goes to /register.
  const ctas = hero.locator('a[href="/register"]');
  await expect(ctas).toHaveCount(1);
  await expect(ctas.first()).toBeVisible();
  await expect(hero).toContainText(DATES);
  // The hero image is the LCP element: eager, high priority, responsive.
  const img = hero.locator('img');
  await expect(img).toHaveAttribute('loading', 'eager');
  await expect(img).toHaveAttribute('fetchpriority', 'high');
  await expect(img).toHaveAttribute('srcset', /w=/);
});

test('#whats-on: Upcoming Events with one hero event and a grid of three, linked by slug', async ({ page }) => {
  await page.goto('/');
  const section = page.locator('section#whats-on');
  await expect(section.getByRole('heading', { name: 'Upcoming Events' })).toBeVisible();
  const heroEventLinks = section.locator('article').first().getByRole('link');
  await expect(heroEventLinks).toHaveCount(1);
  await expect(heroEventLinks).toHaveAttribute('href', /^\/[a-z0-9-]+$/);
  const grid = section.getByRole('list', { name: 'More events' }).getByRole('listitem');
  await expect(grid).toHaveCount(3);
  for (let i = 0; i < 3; i++) {
    await expect(grid.nth(i).getByRole('link')).toHaveAttribute('href', /^\/[a-z0-9-]+$/);
    await expect(grid.nth(i).getByRole('heading')).not.toBeEmpty();
  }
});

test('#register: the inaugural edition with its programme and a Register button', async ({ page }) => {
  await page.goto('/');
  const section = page.locator('section#register');
  await expect(section.getByText('The inaugural edition')).toBeVisible();
  await expect(section).toContainText(DATES);
  const rows = section.locator('ol > li');
  await expect(rows).toHaveCount(5);
  for (let i = 0; i < 5; i++) await expect(rows.nth(i).getByRole('link')).toHaveAttribute('href', /^\/events\/[a-z0-9-]+$/);
  await expect(section.getByRole('link', { name: 'Register', exact: true })).toHaveAttribute('href', '/register');
  await expect(section.getByText('No programs available at the moment.')).toHaveCount(0);
});

test('#register links the festival calendar file, which is an iCalendar with the festival dates', async ({ page, request }) => {
  await page.goto('/');
  const link = page.locator('section#register').getByRole('link', { name: /add the festival to your calendar/i });
  await expect(link).toHaveAttribute('href', '/festival.ics');
  const res = await request.get('/festival.ics');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/calendar');
  const body = await res.text();
  expect(body).toContain('BEGIN:VEVENT');
  expect(body).toMatch(/DTSTART[^:\r\n]*:20251024/);
});

test('#projects: the four event categories link to their pages', async ({ page }) => {
  await page.goto('/');
  const section = page.locator('section#projects');
  const links = section.getByRole('listitem').getByRole('link');
  await expect(links).toHaveText(['Annual Festival', 'Bi-Monthly Events', 'Literacy & Libraries', 'Creative Economy']);
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(hrefs).toEqual(['/annual-festival', '/bi-monthly', '/literacy-libraries', '/creative-economy']);
});

test('Latest Highlights: three reports and View All Reports when there are more', async ({ page }) => {
  await page.goto('/');
  const section = page.locator('section[aria-labelledby="highlights-title"]');
  await expect(section.getByRole('heading', { name: 'Latest Highlights' })).toBeVisible();
  const cards = section.getByRole('list', { name: 'Latest reports' }).getByRole('listitem');
  await expect(cards).toHaveCount(3);
  for (let i = 0; i < 3; i++) await expect(cards.nth(i).getByRole('link')).toHaveAttribute('href', /^\/highlights\/[a-z0-9-]+$/);
  // The built-in content has four reports, so the link to all of them shows.
  await expect(section.getByRole('link', { name: 'View All Reports' })).toHaveAttribute('href', '/highlights');
});

test('podcasts: episode cards with plain YouTube and Spotify links, no embeds', async ({ page }) => {
  await page.goto('/');
  const section = page.locator('section#podcasts');
  await expect(section.getByRole('listitem')).toHaveCount(2);
  const youtube = section.getByRole('link', { name: /Watch on YouTube/ });
  const spotify = section.getByRole('link', { name: /Listen on Spotify/ });
  await expect(youtube).toHaveCount(2);
  await expect(spotify).toHaveCount(2);
  for (const href of await youtube.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))) expect(new URL(href).hostname).toMatch(/youtube\.com$/);
  for (const href of await spotify.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))) expect(new URL(href).hostname).toMatch(/spotify\.com$/);
  await expect(page.locator('iframe')).toHaveCount(0);
});

test('join banner: volunteer and donate', async ({ page }) => {
  await page.goto('/');
  const banner = page.locator('section[aria-labelledby="join-title"]');
  await expect(banner.getByRole('link', { name: 'Volunteer with us' })).toHaveAttribute('href', '/volunteer');
  await expect(banner.getByRole('link', { name: 'Donate' })).toHaveAttribute('href', '/donations');
});

test('every link in the home page body resolves', async ({ page, request }) => {
  await page.goto('/');
  const hrefs = await page.locator('main a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  const paths = [...new Set(hrefs.filter((h) => h.startsWith('/')).map((h) => h.split('#')[0] || '/'))];
  expect(paths.length).toBeGreaterThan(10);
  for (const path of paths) {
    const response = await request.get(path);
    expect(response.status(), `${path} answered ${response.status()}`).toBeLessThan(400);
  }
});

test('the page does not scroll sideways and every image reserves its space', async ({ page }) => {
  await page.goto('/');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  const unsized = await page.locator('main img').evaluateAll((imgs) =>
    imgs.filter((img) => !(img.hasAttribute('width') && img.hasAttribute('height')) && img.getAttribute('data-nimg') !== 'fill').length,
  );
  expect(unsized).toBe(0);
});

// With or without JavaScript (ContentImage is a server component since issue 15: no client swap).
test('a failing image shows the placeholder, not a broken icon', async ({ page }) => {
  await page.route(/\/_next\/image\?url=%2Fimages%2Fcontent%2Fevent-bi-monthly\.webp/, (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto('/');
  const img = page.locator('section#whats-on img[src*="event-bi-monthly"]');
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth === 0)).toBe(true);
  const cover = await img.evaluate((el) => {
    const after = getComputedStyle(el, '::after');
    const wrapper = getComputedStyle(el.parentElement!);
    return { after: after.content, afterBg: after.backgroundImage, wrapperBg: wrapper.backgroundImage, color: getComputedStyle(el).color };
  });
  // The wrapper has a flat colour only (a background picture there delayed the LCP, issue 15): the ::after shows the placeholder.
  expect(cover.wrapperBg).toBe('none');
  expect(cover.afterBg).toContain('adire-light.svg');
  expect(cover.color).toBe('rgba(0, 0, 0, 0)');
});
