import { expect, test } from '@playwright/test';

const PROGRAMMES = [
  { slug: 'opening-reading-letters-from-ake', title: 'Opening Reading: Letters from Ake', when: 'Friday 24 October 2025, 10:00–11:30' },
  { slug: 'indigo-and-ink', title: 'Indigo & Ink: An Adire and Illustration Exhibition', when: 'Friday 24 October 2025, 13:00 – Saturday 25 October 2025, 18:00' },
  { slug: 'poetry-under-olumo', title: 'Poetry Under Olumo: Open Mic Night', when: 'Friday 24 October 2025, 18:30–21:30' },
  { slug: 'stories-on-screen', title: 'Stories on Screen: From Page to Nollywood', when: 'Saturday 25 October 2025, 14:00–17:00' },
  { slug: 'homecoming-closing-concert', title: 'Homecoming: A Closing Concert of Highlife and Apala', when: 'Saturday 25 October 2025, 19:00–22:00' },
];

test.describe('programme pages /events/{slug}', () => {
  for (const p of PROGRAMMES) {
    test(`${p.slug}: title, Lagos date and time, venue, description, image, register`, async ({ page }) => {
      const response = await page.goto(`/events/${p.slug}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.title);
      await expect(page.getByTestId('event-when')).toContainText(p.when);
      await expect(page.getByTestId('event-venue')).toContainText('Ake');
      await expect(page.getByTestId('event-description')).not.toBeEmpty();
      await expect(page.getByRole('main').locator('img').first()).toBeAttached();
      await expect(page.getByRole('main').getByRole('link', { name: 'Register', exact: true })).toHaveAttribute('href', /register/);
      const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}') as Record<string, unknown>;
      expect(ld).toMatchObject({ '@type': 'Event', name: p.title, location: { '@type': 'Place' } });
    });
  }

  // Server-rendered by the proxy's rewrite (docs/decisions.md, "404s"), so the same without JavaScript.
  test('an unknown programme is a 404 with its own view', async ({ page }) => {
    expect((await page.goto('/events/no-such-programme'))?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Event not found' })).toBeVisible();
  });

  test('an event-grid slug under /events/ redirects to its page', async ({ page }) => {
    await page.goto('/events/bi-monthly');
    await expect(page).toHaveURL(/\/bi-monthly$/);
  });
});

test.describe('event-grid pages /{slug}', () => {
  test('each grid event has its date, time and venue', async ({ page }) => {
    await page.goto('/bi-monthly');
    await expect(page.getByTestId('event-when')).toContainText('Saturday 27 September 2025, 15:00–18:30');
    await expect(page.getByTestId('event-venue')).toContainText('Olumo Rock');
    await page.goto('/literacy-libraries');
    await expect(page.getByTestId('event-when')).toContainText('Saturday 11 October 2025, 09:00–15:00');
    await page.goto('/creative-economy');
    await expect(page.getByTestId('event-when')).toContainText('Thursday 23 October 2025, 10:00–16:00');
  });

  test('unknown top-level slugs are a real 404 and other routes are not shadowed @js', async ({ page, request }) => {
    expect((await page.goto('/no-such-event'))?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'This page has wandered off' })).toBeVisible();
    expect((await request.get('/%3Cscript%3E')).status()).toBe(404);
    expect((await page.goto('/about'))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('About');
    expect((await page.goto('/highlights'))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Highlights');
  });

  test('a programme slug at the top level redirects to /events/', async ({ page }) => {
    await page.goto('/stories-on-screen');
    await expect(page).toHaveURL(/\/events\/stories-on-screen$/);
  });
});
