import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe-scan';

const CHIPS = ['All Reports', 'Event Report', 'Community Impact', 'Partnership', 'Workshop Series'];

const chips = (page: Page) => page.getByRole('navigation', { name: 'Report categories' });
const grid = (page: Page) => page.getByRole('list', { name: /reports$/i }).first();
const gridTitles = async (page: Page) => (await grid(page).getByRole('heading').allTextContents()).map((t) => t.trim());

test.describe('/highlights', () => {
  test('shows the five chips with All Reports current, a featured report and a grid', async ({ page }) => {
    const response = await page.goto('/highlights');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Highlights' })).toBeVisible();
    await expect(chips(page).getByRole('link')).toHaveText(CHIPS);
    await expect(chips(page).getByRole('link', { name: 'All Reports' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('featured-report')).toBeVisible();
    expect((await gridTitles(page)).length).toBeGreaterThan(0);
    await expect(page).toHaveTitle(/Highlights/);
  });

  test('the featured report is left out of the grid', async ({ page }) => {
    await page.goto('/highlights');
    const featuredTitle = (await page.getByTestId('featured-report').getByRole('heading', { level: 2 }).textContent())?.trim();
    expect(featuredTitle).toBeTruthy();
    const titles = await gridTitles(page);
    expect(titles).not.toContain(featuredTitle);

    // Every report is still reachable: the filtered view (no featured) lists the featured one too.
    await page.goto('/highlights?category=event-report');
    await expect(page.getByTestId('featured-report')).toHaveCount(0);
    const all = await gridTitles(page);
    expect(all).toContain(featuredTitle);
    expect(all.length).toBe(titles.length + 1);
  });

  test('a chip filters by category and keeps it in the query parameter', async ({ page }) => {
    await page.goto('/highlights');
    await chips(page).getByRole('link', { name: 'Event Report' }).click();
    await expect(page).toHaveURL(/\/highlights\?category=event-report$/);
    await expect(chips(page).getByRole('link', { name: 'Event Report' })).toHaveAttribute('aria-current', 'page');
    await expect(chips(page).getByRole('link', { name: 'All Reports' })).not.toHaveAttribute('aria-current', 'page');
    await expect(grid(page).getByText('Event Report').first()).toBeVisible();

    await chips(page).getByRole('link', { name: 'All Reports' }).click();
    await expect(page).toHaveURL(/\/highlights$/);
    await expect(page.getByTestId('featured-report')).toBeVisible();
  });

  test('an empty category shows No Reports Found and View All Reports leads back', async ({ page }) => {
    await page.goto('/highlights');
    await chips(page).getByRole('link', { name: 'Workshop Series' }).click();
    await expect(page).toHaveURL(/category=workshop-series/);
    await expect(page.getByRole('heading', { name: 'No Reports Found' })).toBeVisible();
    await expect(page.getByText('No highlights available at the moment.')).toBeVisible();
    await expect(page.getByTestId('featured-report')).toHaveCount(0);
    await page.getByRole('link', { name: 'View All Reports' }).click();
    await expect(page).toHaveURL(/\/highlights$/);
    await expect(page.getByTestId('featured-report')).toBeVisible();
    await expect(page.getByRole('link', { name: 'View All Reports' })).toHaveCount(0);
  });

  test('unknown or malformed query values fall back to all reports, never an error', async ({ page }) => {
    for (const query of ['?category=%3Cscript%3E', '?category=nope&page=abc', '?page=-4', '?category=EVENT-REPORT']) {
      const response = await page.goto(`/highlights${query}`);
      expect(response?.status(), query).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: 'Highlights' })).toBeVisible();
      await expect(page.getByText('Failed to load highlights. Please try again.')).toHaveCount(0);
    }
  });

  test('a page past the end is an empty state with a way back', async ({ page }) => {
    const response = await page.goto('/highlights?page=50');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'No Reports Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View All Reports' })).toHaveAttribute('href', '/highlights');
  });

  test('a report card opens its report', async ({ page }) => {
    await page.goto('/highlights');
    const first = grid(page).getByRole('link').first();
    const title = (await first.textContent())?.trim() ?? '';
    await first.click();
    await expect(page).toHaveURL(/\/highlights\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  });

  test('passes an axe scan, all and filtered-empty', async ({ page }) => {
    await page.goto('/highlights');
    await expectNoAxeViolations(page);
    await page.goto('/highlights?category=partnership');
    await expectNoAxeViolations(page);
  });
});
