import { expect, test } from '@playwright/test';
import { EXAMPLE_TEAM_TEXT } from '../contract/fallbacks/about';

test.describe('/about', () => {
  test('has mission, vision, the statistics, the timeline, ten team members and the two links', async ({ page, baseURL }) => {
    const response = await page.goto('/about');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('About');
    await expect(page.getByRole('heading', { name: 'Our Mission' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Our Vision' })).toBeVisible();

    const stats = page.getByTestId('about-stats');
    await expect(stats.locator('dd')).toHaveText(['4', '8+', '1,000+']);
    await expect(stats.locator('dt')).toHaveText(['Years of activity', 'Events hosted', 'Participants']);

    const years = page.getByTestId('about-timeline').locator(':scope > li > span');
    await expect(years).toHaveText(['2021', '2022', '2023', '2024', '2025']);

    const team = page.getByTestId('about-team').locator(':scope > li');
    await expect(team).toHaveCount(10);
    for (const member of await team.all()) {
      await expect(member.getByRole('heading', { level: 3 })).not.toBeEmpty();
      await expect(member.locator('p').first()).not.toBeEmpty();
    }
    await expect(page.getByTestId('about-team')).toContainText('Festival Director');
    // The built-in names are examples, and the page says so, name by name (issue 40).
    await expect(page.getByTestId('about-team-note')).toHaveText(EXAMPLE_TEAM_TEXT.note);
    await expect(page.getByTestId('about-example-name')).toHaveCount(10);

    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Register', exact: true })).toHaveAttribute('href', /register/);
    await expect(main.getByRole('link', { name: 'Donate' })).toHaveAttribute('href', '/donations');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/about`);
  });
});

test.describe('/volunteer', () => {
  test('lists six roles with their details, six benefits and the application link', async ({ page }) => {
    const response = await page.goto('/volunteer');
    expect(response?.status()).toBe(200);
    const roles = page.getByTestId('volunteer-roles').locator(':scope > li');
    await expect(roles).toHaveCount(6);
    for (const role of await roles.all()) {
      await expect(role.getByRole('heading', { level: 3 })).not.toBeEmpty();
      await expect(role.getByRole('list', { name: /^Skills for / }).getByRole('listitem').first()).toBeVisible();
      await expect(role).toContainText('Commitment:');
    }
    await expect(page.getByTestId('volunteer-benefits').locator(':scope > li')).toHaveCount(6);
    const apply = page.getByRole('main').getByRole('link', { name: 'Apply to Volunteer' });
    await expect(apply.first()).toHaveAttribute('href', /\/volunteer\/apply$|^https?:\/\//);
  });
});

const STRANDS = [
  { path: '/annual-festival', heading: 'The Ìtàn Book & Arts Festival' },
  { path: '/bi-monthly', heading: 'Book circles and open mics, every other month' },
  { path: '/literacy-libraries', heading: 'Reading Rooms for Abeokuta’s schools' },
  { path: '/creative-economy', heading: 'Making a living from stories' },
];

for (const strand of STRANDS) {
  test.describe(strand.path, () => {
    test('has a hero image, what it is, a Register link and a Volunteer link', async ({ page }) => {
      const response = await page.goto(strand.path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(strand.heading);
      await expect(page.getByRole('main').locator('img').first()).toBeAttached();
      await expect(page.getByRole('heading', { level: 2, name: 'What it is' })).toBeVisible();
      const main = page.getByRole('main');
      await expect(main.getByRole('link', { name: 'Register', exact: true })).toHaveAttribute('href', /register/);
      await expect(main.getByRole('link', { name: 'Volunteer', exact: true })).toHaveAttribute('href', '/volunteer');
      await expect(page.getByTestId('event-venue')).not.toBeEmpty();
    });
  });
}

test('the festival page gives the configured dates and a calendar file', async ({ page, request }) => {
  await page.goto('/annual-festival');
  await expect(page.getByRole('main')).toContainText('24–25 October 2025');
  const href = await page.getByRole('link', { name: /calendar/ }).getAttribute('href');
  expect(href).toBe('/festival.ics');
  expect((await request.get(href!)).headers()['content-type']).toContain('text/calendar');
});
