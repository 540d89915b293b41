/**
 * With the API unreachable (API_BASE_URL is a closed port), the home page still renders every
 * section from contract/fallbacks/.
 */
import { expect, test } from '@playwright/test';
import { eventsFallback } from '../../contract/fallbacks/events';
import { heroFallback } from '../../contract/fallbacks/hero';
import { programsFallback } from '../../contract/fallbacks/programs';
import { podcastsFallback } from '../../contract/fallbacks/podcasts';

test('home renders from fallbacks when the API is down', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heroFallback.title);
  await expect(page.getByText('Unable to load page content. Please try again.')).toHaveCount(0);

  const whatsOn = page.locator('section#whats-on');
  await expect(whatsOn.locator('article').first().getByRole('link')).toHaveText(eventsFallback.heroEvent.title);
  const grid = whatsOn.getByRole('list', { name: 'More events' }).getByRole('link');
  await expect(grid).toHaveCount(3);
  await expect(grid).toHaveText(eventsFallback.events.map((e) => e.title));

  const programme = page.locator('section#register ol > li');
  await expect(programme).toHaveCount(programsFallback.length);
  await expect(programme.getByRole('link')).toHaveText(programsFallback.map((p) => p.title));

  await expect(page.locator('section#podcasts').getByRole('heading', { level: 3 })).toHaveText(podcastsFallback.map((p) => p.title));
  await expect(page.locator('section[aria-labelledby="highlights-title"]').getByRole('listitem')).toHaveCount(3);
  await expect(page.locator('form#newsletter')).toBeVisible();
});
