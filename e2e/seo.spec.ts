import { expect, test } from '@playwright/test';
import { XMLParser } from 'fast-xml-parser';
import ICAL from 'ical.js';

const REPORT_SLUGS = [
  'poetry-under-olumo-august-2025',
  'reading-rooms-three-schools-2025',
  'adire-illustration-workshop-2025',
  'july-book-circle-ake-2025',
];
const PROGRAMME_SLUGS = ['opening-reading-letters-from-ake', 'indigo-and-ink', 'poetry-under-olumo', 'stories-on-screen', 'homecoming-closing-concert'];
const PAGES = ['/', '/about', '/highlights', '/volunteer', '/donations', '/partnerships', '/register', '/annual-festival', '/bi-monthly', '/literacy-libraries', '/creative-economy', '/visit', '/programme', '/speakers', '/contact', '/privacy'];

const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'url' || name === 'item' });

test.describe('search engines and sharing', () => {
  test('sitemap.xml lists every page, report and programme, and each answers 200', async ({ request, baseURL }) => {
    const response = await request.get('/sitemap.xml');
    expect(response.status()).toBe(200);
    const doc = parser.parse(await response.text()) as { urlset: { url: Array<{ loc: string }> } };
    const locs = doc.urlset.url.map((u) => u.loc);
    expect(new Set(locs).size).toBe(locs.length);
    for (const path of PAGES) expect(locs, path).toContain(`${baseURL}${path}`);
    for (const slug of REPORT_SLUGS) expect(locs).toContain(`${baseURL}/highlights/${slug}`);
    for (const slug of PROGRAMME_SLUGS) expect(locs).toContain(`${baseURL}/events/${slug}`);
    for (const loc of locs) {
      expect(loc.startsWith(`${baseURL}/`)).toBe(true);
      const page = await request.get(loc, { maxRedirects: 0 });
      expect(page.status(), loc).toBe(200);
    }
  });

  test('robots.txt allows crawling, keeps out the API and points at the sitemap', async ({ request, baseURL }) => {
    const text = await (await request.get('/robots.txt')).text();
    expect(text).toMatch(/User-Agent: \*/i);
    expect(text).toContain('Allow: /');
    expect(text).toContain('Disallow: /api/');
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test('the RSS feed parses and lists the reports, newest first', async ({ request, baseURL }) => {
    const response = await request.get('/highlights/feed.xml');
    expect(response.headers()['content-type']).toContain('application/rss+xml');
    const doc = parser.parse(await response.text()) as {
      rss: { channel: { title: string; link: string; item: Array<{ title: string; link: string; pubDate: string; guid: { '#text': string } }> } };
    };
    expect(doc.rss.channel.link).toBe(`${baseURL}/highlights`);
    const items = doc.rss.channel.item;
    expect(items.map((i) => i.link)).toEqual(REPORT_SLUGS.map((s) => `${baseURL}/highlights/${s}`));
    expect(items[0]!.title).toBe('Poetry Under Olumo: An Evening of Open Verse');
    const dates = items.map((i) => Date.parse(i.pubDate));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect((await request.get(items[0]!.link)).status()).toBe(200);
  });

  test('the .ics file parses with ical.js and holds the festival dates', async ({ request, baseURL }) => {
    const response = await request.get('/festival.ics');
    expect(response.headers()['content-type']).toContain('text/calendar');
    const calendar = new ICAL.Component(ICAL.parse(await response.text()));
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events).toHaveLength(1);
    const festival = events[0]!;
    expect(festival.summary).toBe('Ìtàn Book & Arts Festival');
    expect(festival.startDate.toString()).toBe('2025-10-24');
    expect(festival.endDate.toString()).toBe('2025-10-26'); // exclusive: the festival ends on the 25th
    expect(festival.location).toContain('Abeokuta');
    expect(festival.component.getFirstPropertyValue('url')).toBe(`${baseURL}/annual-festival`);
  });

  test('pages carry titles, descriptions, canonicals and social tags', async ({ page, baseURL }) => {
    for (const path of ['/about', '/volunteer', '/highlights', '/annual-festival', '/events/indigo-and-ink']) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(/Ìtàn Festival/);
      await expect(page.locator('meta[name="description"]'), path).toHaveAttribute('content', /.{30,}/);
      await expect(page.locator('link[rel="canonical"]'), path).toHaveAttribute('href', `${baseURL}${path}`);
      await expect(page.locator('meta[property="og:url"]'), path).toHaveAttribute('content', `${baseURL}${path}`);
      await expect(page.locator('meta[property="og:image"]').first(), path).toHaveAttribute('content', /^https?:\/\//);
      await expect(page.locator('meta[name="twitter:card"]'), path).toHaveAttribute('content', 'summary_large_image');
    }
  });

  test('structured data: Festival with dates and place, Organization on about', async ({ page }) => {
    await page.goto('/annual-festival');
    const festival = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}') as Record<string, unknown>;
    expect(festival).toMatchObject({
      '@type': 'Festival',
      startDate: '2025-10-24',
      endDate: '2025-10-25',
      location: { '@type': 'Place', address: { addressLocality: 'Abeokuta', addressCountry: 'NG' } },
    });
    await page.goto('/about');
    const org = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}') as Record<string, unknown>;
    expect(org).toMatchObject({ '@type': 'Organization', name: 'Ìtàn Book & Arts Festival' });
  });
});
