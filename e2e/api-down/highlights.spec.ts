import { expect, test } from '@playwright/test';

/*
 * This server's API_BASE_URL is a closed port: every content call fails, and the pages must show
 * the built-in reports (spec §7) instead of an error.
 */
test.describe('highlights with the API down', () => {
  test('the list falls back to the four built-in reports', async ({ page }) => {
    const response = await page.goto('/highlights');
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId('featured-report')).toContainText('Poetry Under Olumo: An Evening of Open Verse');
    await expect(page.getByRole('list', { name: 'Reports' }).getByRole('listitem')).toHaveCount(3);
    await expect(page.getByText('Failed to load highlights. Please try again.')).toHaveCount(0);
  });

  test('the category filter applies to the fallback, case-insensitively', async ({ page }) => {
    await page.goto('/highlights?category=event-report');
    await expect(page.getByRole('list', { name: 'Event Report reports' }).getByRole('listitem')).toHaveCount(4);
    await page.goto('/highlights?category=community-impact');
    await expect(page.getByRole('heading', { name: 'No Reports Found' })).toBeVisible();
  });

  test('a built-in report still opens, and an unknown one is Report Not Found with 404', async ({ page }) => {
    expect((await page.goto('/highlights/reading-rooms-three-schools-2025'))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reading Rooms Opens in Three Abeokuta Schools');
    await expect(page.getByTestId('report-meta').locator('time')).toHaveText('21 August 2025');
    const missing = await page.goto('/highlights/only-on-the-api');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Report Not Found' })).toBeVisible();
  });

  test('the feed and sitemap still list the reports', async ({ request }) => {
    const feed = await (await request.get('/highlights/feed.xml')).text();
    expect(feed.match(/<item>/g)).toHaveLength(4);
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toContain('/highlights/july-book-circle-ake-2025');
  });
});
