import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe-scan';

const SLUG = 'july-book-circle-ake-2025';
const TITLE = 'The July Book Circle: Soyinka’s Aké, Read Where It Happened';

test.describe('/highlights/[slug]', () => {
  test('shows every part of a report', async ({ page, baseURL }) => {
    const response = await page.goto(`/highlights/${SLUG}`);
    expect(response?.status()).toBe(200);

    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(crumbs.getByRole('link', { name: 'Highlights' })).toHaveAttribute('href', '/highlights');
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText(TITLE);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE);
    await expect(page.getByTestId('report-category')).toHaveText('Event Report');
    const meta = page.getByTestId('report-meta');
    await expect(meta.locator('time')).toHaveText('22 July 2025');
    await expect(meta.locator('time')).toHaveAttribute('datetime', '2025-07-22');
    await expect(meta).toContainText('6 min read');
    await expect(meta).toContainText('By Olúwaṣeun Àjàyí');

    await expect(page.locator('article img').first()).toBeAttached();
    const body = page.getByTestId('report-body');
    await expect(body.getByRole('heading', { level: 2, name: 'Reading in the right place' })).toBeVisible();
    await expect(body.locator('blockquote')).toHaveCount(1);
    await expect(body.locator('script')).toHaveCount(0);

    const tags = page.getByRole('region', { name: 'Tags' }).getByRole('listitem');
    await expect(tags).toHaveText(['Book Circle', 'Bi-Monthly', 'Soyinka', 'Reading']);

    const url = `${baseURL}/highlights/${SLUG}`;
    const share = page.getByRole('region', { name: 'Share this report' });
    const hrefOf = async (name: RegExp) => (await share.getByRole('link', { name }).getAttribute('href')) ?? '';
    expect(new URL(await hrefOf(/WhatsApp/)).searchParams.get('text')).toContain(url);
    expect(new URL(await hrefOf(/on X/)).searchParams.get('url')).toBe(url);
    expect(new URL(await hrefOf(/Facebook/)).searchParams.get('u')).toBe(url);
    expect(decodeURIComponent(await hrefOf(/email/))).toContain(url);

    const related = page.getByRole('list', { name: 'Related reports' }).getByRole('heading');
    const relatedTitles = await related.allTextContents();
    expect(relatedTitles.length).toBeGreaterThan(0);
    expect(relatedTitles.length).toBeLessThanOrEqual(3);
    expect(relatedTitles).not.toContain(TITLE);

    // Search engines and sharing: canonical, Open Graph, Twitter and an Article.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', url);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t) as unknown).flat() as Array<Record<string, unknown>>;
    const article = ld.find((d) => d['@type'] === 'Article');
    expect(article).toMatchObject({ headline: TITLE, datePublished: '2025-07-22', author: { name: 'Olúwaṣeun Àjàyí' } });
  });

  test('its Open Graph and Twitter images are generated PNGs', async ({ page, request }) => {
    await page.goto(`/highlights/${SLUG}`);
    for (const selector of ['meta[property="og:image"]', 'meta[name="twitter:image"]']) {
      const src = await page.locator(selector).first().getAttribute('content');
      expect(src, selector).toContain(`/highlights/${SLUG}/`);
      const image = await request.get(src!);
      expect(image.status()).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
      expect((await image.body()).subarray(1, 4).toString()).toBe('PNG');
    }
  });

  test('Copy Link copies the report URL and says so @js', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await page.goto(`/highlights/${SLUG}`);
    await page.getByRole('button', { name: 'Copy Link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${baseURL}/highlights/${SLUG}`);
    expect(copied).toBe(page.url());
  });

  test('without JavaScript the share links still work and no dead buttons show @nojs', async ({ page }) => {
    await page.goto(`/highlights/${SLUG}`);
    const share = page.getByRole('region', { name: 'Share this report' });
    await expect(share.getByRole('link')).toHaveCount(4);
    await expect(share.getByRole('button')).toHaveCount(0);
  });

  test('a missing report answers 404, noindex, with Report Not Found in the HTML itself @nojs', async ({ page, request }) => {
    const response = await request.get('/highlights/no-such-report-anywhere');
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(html).toMatch(/<meta name="robots" content="noindex"/);
    // proxy.ts rewrites a missing slug to a URL no route serves: the view is server-rendered.
    expect(html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')).toMatch(/<h1[^>]*>Report Not Found<\/h1>/);
    expect((await page.goto('/highlights/no-such-report-anywhere'))?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Report Not Found' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Back to Highlights' })).toHaveAttribute('href', '/highlights');
    await expect(page.getByRole('main').getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
    await expectNoAxeViolations(page);
  });

  test('a missing report shows Report Not Found with links to highlights and home @js', async ({ page }) => {
    const response = await page.goto('/highlights/no-such-report-anywhere');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Report Not Found' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Back to Highlights' })).toHaveAttribute('href', '/highlights');
    await expect(page.getByRole('main').getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
    await expectNoAxeViolations(page);
    await page.getByRole('main').getByRole('link', { name: 'Back to Highlights' }).click();
    await expect(page).toHaveURL(/\/highlights$/);
  });
});
