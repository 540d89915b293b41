/**
 * The programme as data (issue 40 part 3), end to end on a production build: staff publish a venue,
 * a speaker and sessions of this edition and of the year before (as the staff API writes them:
 * e2e/support/programme-content.ts), plus a busy festival's 55 more; then
 * - /programme filters by day, category and venue through plain links with JavaScript off, folds
 *   "Ake" to "Àkẹ́", says "No sessions match" for an unknown value, and links past programmes;
 * - /programme/{last year} keeps that year readable, an edition with no sessions is a 404;
 * - /events/{slug} shows the session's speakers, access and admission, with Event JSON-LD naming them;
 * - /speakers and /speakers/{slug} show the speaker (books, website, sessions by edition, Person JSON-LD);
 * - the sitemap lists them; axe passes on the new pages;
 * - with 60 and more sessions, /programme's HTML stays under 45 KB gzipped.
 * The spec starts its own `next start`.
 */
import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe-scan';
import { startNext, stop, type Server } from './support/next-server';
import { addBusyProgramme, programmeWriter, sessionData, type CurrentEdition } from './support/programme-content';

let server: Server;
let edition: CurrentEdition;
let past: string;
let pastDate: string;

const SPEAKER = { slug: 'wole-adeyemi', name: 'Wọlé Adéyẹmí' };
const CURRENT_SESSION = 'garden-reading-now';
const PAST_SESSION = 'garden-reading-before';
const PROGRAMME_BUDGET_BYTES = 45 * 1024;

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.beforeAll(async () => {
  server = await startNext({ RATE_LIMIT_MAX: '0' });
  const writer = await programmeWriter(server.dataDir);
  try {
    edition = writer.edition;
    past = String(Number(edition.key.slice(0, 4)) - 1);
    pastDate = `${past}${edition.days[0]!.slice(4)}`;
    await writer.add('venues', { slug: 'ake-garden', name: 'Àkẹ́ Garden', access: ['Step-free'] });
    await writer.add('speakers', {
      slug: SPEAKER.slug,
      name: SPEAKER.name,
      role: 'Poet and translator',
      bio: 'Wọlé writes **poems** in Yorùbá and English.',
      books: ['Letters from Àkẹ́ | https://books.example/letters', 'A Book Without a Link'],
      website: 'https://wole.example',
    });
    await writer.add(
      'sessions',
      sessionData({
        slug: CURRENT_SESSION,
        title: 'Garden Reading: New Poems',
        edition: edition.key,
        date: edition.days.at(-1)!,
        starts: '08:00',
        ends: '08:45',
        venue: 'ake-garden',
        room: 'Under the mango tree',
        category: 'Àkẹ́ Readings',
        speakers: [SPEAKER.slug],
        access: ['BSL interpreted', 'Step-free'],
        free: 'no',
        description: 'Poems read **in the garden**.',
      }),
    );
    await writer.add('sessions', sessionData({ slug: PAST_SESSION, title: 'Garden Reading: Last Year', edition: past, date: pastDate, venue: 'ake-garden', speakers: [SPEAKER.slug] }));
    await addBusyProgramme(writer, 55);
  } finally {
    await writer.close();
  }
});

test.afterAll(async () => {
  await stop(server);
});

const filters = (page: Page) => page.getByRole('navigation', { name: 'Filter the programme' });
const sessions = (page: Page) => page.getByTestId('programme-session');

test('@nojs /programme filters by day, category and venue through links, without JavaScript', async ({ page }) => {
  const lastDay = edition.days.at(-1)!;
  await page.goto(`${server.origin}/programme`);
  const all = await sessions(page).count();
  expect(all).toBeGreaterThanOrEqual(61);
  await expect(filters(page).getByRole('link', { name: 'All days' })).toHaveAttribute('aria-current', 'page');

  // Day: the last day's link, then only that day.
  const dayLinks = filters(page).locator(`a[href="/programme?day=${lastDay}"]`);
  await dayLinks.click();
  await expect(page).toHaveURL(new RegExp(`/programme\\?day=${lastDay}$`));
  await expect(page.getByTestId('programme-day')).toHaveCount(1);
  await expect(page.getByTestId('programme-day').locator('time').first()).toHaveAttribute('datetime', lastDay);
  // The chosen day is marked; "All categories" and "All venues" lead to this same view, so they are marked too.
  await expect(filters(page).locator(`a[href="/programme?day=${lastDay}"]`)).toHaveCount(3);
  for (const link of await filters(page).locator(`a[href="/programme?day=${lastDay}"]`).all()) await expect(link).toHaveAttribute('aria-current', 'page');
  await expect(filters(page).getByRole('link', { name: 'All days' })).not.toHaveAttribute('aria-current', 'page');
  const dayCount = await sessions(page).count();
  expect(dayCount).toBeLessThan(all);

  // Category, kept with the day.
  await filters(page).getByRole('link', { name: 'Àkẹ́ Readings' }).click();
  await expect(page).toHaveURL(new RegExp(`/programme\\?day=${lastDay}&category=ake-readings$`));
  await expect(sessions(page)).toHaveCount(1);
  const session = sessions(page).first();
  await expect(session).toContainText('08:00–08:45');
  await expect(session).toContainText('Àkẹ́ Garden · Under the mango tree');
  await expect(session).toContainText('BSL interpreted');
  await expect(session).toContainText('Needs its own ticket');
  await expect(session.getByRole('link', { name: SPEAKER.name })).toHaveAttribute('href', `/speakers/${SPEAKER.slug}`);
  await expect(session.getByRole('link', { name: 'Garden Reading: New Poems', exact: true })).toHaveAttribute('href', `/events/${CURRENT_SESSION}`);
  await expect(session.getByRole('link', { name: /Add to calendar/ })).toHaveAttribute('href', `/events/${CURRENT_SESSION}/calendar.ics`);

  // Venue, with both; then the day taken off.
  await filters(page).getByRole('link', { name: 'Àkẹ́ Garden' }).click();
  await expect(page).toHaveURL(new RegExp(`/programme\\?day=${lastDay}&category=ake-readings&venue=ake-garden$`));
  await expect(sessions(page)).toHaveCount(1);
  await filters(page).getByRole('link', { name: 'All days' }).click();
  await expect(page).toHaveURL(/\/programme\?category=ake-readings&venue=ake-garden$/);
  await expect(sessions(page)).toHaveCount(1);

  // Show all.
  await page.getByRole('link', { name: 'Show all sessions' }).click();
  await expect(page).toHaveURL(/\/programme$/);
  await expect(sessions(page)).toHaveCount(all);

  // Folded: the category's own text finds its link form, "Ake" finds "Àkẹ́ Readings"; the venue by its link name.
  await page.goto(`${server.origin}/programme?category=%C3%80k%E1%BA%B9%CC%81%20readings`);
  await expect(sessions(page)).toHaveCount(1);
  await page.goto(`${server.origin}/programme?category=Ake`);
  await expect(sessions(page)).toHaveCount(1);
  await expect(sessions(page).first()).toContainText('Àkẹ́ Readings');
  await page.goto(`${server.origin}/programme?venue=ake-garden`);
  await expect(sessions(page)).toHaveCount(1);
});

test('@nojs an unknown filter says so, with a way back; never a 404', async ({ page }) => {
  for (const query of ['venue=no-such-venue', 'category=nothing-like-this', 'day=1999-01-01', 'day=not-a-day']) {
    const response = await page.goto(`${server.origin}/programme?${query}`);
    expect(response?.status(), query).toBe(200);
    await expect(page.getByTestId('programme-no-match')).toContainText('No sessions match these filters.');
    await expect(page.getByTestId('programme-no-match').getByRole('link', { name: 'Show all sessions' })).toHaveAttribute('href', '/programme');
    await expect(sessions(page)).toHaveCount(0);
  }
});

test("past programmes stay readable: /programme links last year's, which keeps its sessions; an edition with none is a 404", async ({ page, request }) => {
  await page.goto(`${server.origin}/programme`);
  await page.getByTestId('past-programmes').getByRole('link', { name: `The ${past} programme` }).click();
  await expect(page).toHaveURL(new RegExp(`/programme/${past}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`The ${past} programme`);
  await expect(page).toHaveTitle(`Programme ${past} · Ìtàn Festival`);
  await expect(sessions(page)).toHaveCount(1);
  await expect(sessions(page).getByRole('link', { name: 'Garden Reading: Last Year', exact: true })).toHaveAttribute('href', `/events/${PAST_SESSION}`);
  // Its filters stay on its own page.
  await expect(filters(page).locator('a[href^="/programme?"]')).toHaveCount(0);

  expect((await request.get(`${server.origin}/programme/1999`)).status()).toBe(404);
  const current = await request.get(`${server.origin}/programme/${edition.key}?day=${edition.days[0]}`, { maxRedirects: 0 });
  expect([307, 308]).toContain(current.status());
  expect(current.headers()['location']).toMatch(new RegExp(`/programme\\?day=${edition.days[0]}$`));
});

test("a session's page: speakers, access, admission, Event JSON-LD with performers, and its .ics", async ({ page, request }) => {
  await page.goto(`${server.origin}/events/${CURRENT_SESSION}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Garden Reading: New Poems');
  await expect(page.getByTestId('event-when').locator('time')).toHaveAttribute('datetime', `${edition.days.at(-1)}T08:00:00+01:00`);
  await expect(page.getByTestId('event-venue')).toContainText('Àkẹ́ Garden · Under the mango tree');
  await expect(page.getByTestId('event-access')).toHaveText('BSL interpreted; Step-free');
  await expect(page.getByTestId('event-entry')).toHaveText('Needs its own ticket');
  await expect(page.getByTestId('event-description').locator('strong')).toHaveText('in the garden');
  await expect(page.getByTestId('event-speakers').getByRole('link', { name: SPEAKER.name })).toHaveAttribute('href', `/speakers/${SPEAKER.slug}`);
  const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t) as Record<string, unknown>);
  const event = ld.find((d) => d['@type'] === 'Event')!;
  expect(event.performer).toEqual([{ '@type': 'Person', name: SPEAKER.name, url: expect.stringMatching(new RegExp(`/speakers/${SPEAKER.slug}$`)) as unknown }]);
  expect(event.isAccessibleForFree).toBe(false);
  expect(event.offers).toBeUndefined();

  const ics = await request.get(`${server.origin}/events/${CURRENT_SESSION}/calendar.ics`);
  expect(ics.status()).toBe(200);
  const text = (await ics.text()).replace(/\r\n[ \t]/g, '');
  expect(text).toContain('SUMMARY:Garden Reading: New Poems');
  expect(text).toContain('LOCATION:Àkẹ́ Garden\\, Under the mango tree');

  // Last year's session keeps its page, without a Register button for a festival that is over.
  await page.goto(`${server.origin}/events/${PAST_SESSION}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Garden Reading: Last Year');
  await expect(page.locator('main').getByRole('link', { name: 'Register', exact: true })).toHaveCount(0);
});

test('/speakers lists the speaker; their page has the bio, books, website, sessions by edition and Person JSON-LD', async ({ page, request }) => {
  await page.goto(`${server.origin}/speakers`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Speakers and artists');
  await page.getByTestId('speakers').getByRole('link', { name: SPEAKER.name }).click();
  await expect(page).toHaveURL(new RegExp(`/speakers/${SPEAKER.slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SPEAKER.name);
  await expect(page.getByText('Poet and translator')).toBeVisible();
  await expect(page.getByTestId('speaker-bio').locator('strong')).toHaveText('poems');
  const books = page.getByTestId('speaker-books');
  await expect(books.getByRole('link', { name: 'Letters from Àkẹ́' })).toHaveAttribute('href', 'https://books.example/letters');
  await expect(books.getByRole('link', { name: 'Letters from Àkẹ́' })).toHaveAttribute('rel', /noopener/);
  await expect(books).toContainText('A Book Without a Link');
  await expect(page.getByTestId('speaker-website')).toHaveAttribute('href', 'https://wole.example');
  const groups = page.getByTestId('speaker-sessions');
  await expect(groups.getByRole('heading')).toHaveText(['This year', past]);
  await expect(groups.first().getByRole('link', { name: 'Garden Reading: New Poems', exact: true })).toHaveAttribute('href', `/events/${CURRENT_SESSION}`);
  await expect(groups.nth(1).getByRole('link', { name: 'Garden Reading: Last Year', exact: true })).toHaveAttribute('href', `/events/${PAST_SESSION}`);
  const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t) as Record<string, unknown>);
  expect(ld.find((d) => d['@type'] === 'Person')).toMatchObject({ name: SPEAKER.name, jobTitle: 'Poet and translator', sameAs: ['https://wole.example'] });

  expect((await request.get(`${server.origin}/speakers/no-such-speaker`)).status()).toBe(404);
});

test('the sitemap lists speakers, every edition’s sessions and past programmes', async ({ request }) => {
  const xml = await (await request.get(`${server.origin}/sitemap.xml`)).text();
  for (const path of ['/speakers', `/speakers/${SPEAKER.slug}`, `/events/${CURRENT_SESSION}`, `/events/${PAST_SESSION}`, `/programme/${past}`]) {
    expect(xml, path).toMatch(new RegExp(`<loc>[^<]*${path.replace(/\//g, '\\/')}</loc>`));
  }
});

test('axe: the speakers, a speaker, a filtered programme and a past one', async ({ page }) => {
  for (const path of ['/speakers', `/speakers/${SPEAKER.slug}`, `/programme?day=${edition.days[0]}&category=readings`, `/programme?venue=no-such-venue`, `/programme/${past}`, `/events/${CURRENT_SESSION}`]) {
    await page.goto(`${server.origin}${path}`);
    await expectNoAxeViolations(page);
  }
});

test('@nojs with 60 and more sessions, /programme stays under 45 KB of gzipped HTML', async ({ request }) => {
  const response = await request.get(`${server.origin}/programme`);
  expect(response.status()).toBe(200);
  const html = await response.body();
  expect((html.toString('utf8').match(/data-testid="programme-session"/g) ?? []).length).toBeGreaterThanOrEqual(60);
  const bytes = gzipSync(html, { level: 9 }).length;
  test.info().annotations.push({ type: 'programme-bytes', description: `${(bytes / 1024).toFixed(1)} KB gzipped, ${(html.length / 1024).toFixed(1)} KB raw` });
  expect(bytes, `/programme: ${(bytes / 1024).toFixed(1)} KB gzipped`).toBeLessThanOrEqual(PROGRAMME_BUDGET_BYTES);
});
