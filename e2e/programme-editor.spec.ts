/**
 * The programme is edited as content entries (issue 40 part 3), end to end on a production build
 * with JavaScript on and off: staff add a venue and a speaker, then a session choosing them (the
 * venue from a select, the speaker from a list of checkboxes); a refused save keeps both choices
 * and makes no entry; publishing the three puts the session on /programme. The sessions list is by
 * day and time (no moving), and "Copy last year's programme as drafts" answers on the page. The
 * spec starts its own `next start`.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { upsertStaffUser } from '../backend/auth/queries';
import { connectDb } from '../backend/db/connect';
import { expectNoAxeViolations } from './support/axe-scan';
import { startNext, stop, type Server } from './support/next-server';
import { signInAsStaff } from './support/staff-sign-in';

const STAFF = { email: 'programme@itan.example', name: 'Funmi Programme', password: 'programme-password-long' };
let server: Server;

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.beforeAll(async () => {
  server = await startNext({ RATE_LIMIT_MAX: '0' });
  const handle = connectDb({ sqlitePath: `${server.dataDir}/festival.sqlite` });
  await upsertStaffUser(handle.db, STAFF);
  await handle.close();
});

test.afterAll(async () => {
  await stop(server);
});

const project = () => test.info().project.name;
/** The project's name as a link name's part ("phone-nojs"). */
const projectSlug = () =>
  project()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const signIn = (page: Page, next: string) => signInAsStaff(page, server.origin, STAFF, next);

const addForm = (page: Page) => page.getByRole('region', { name: 'Add an entry' });
const rows = (page: Page) => page.getByTestId('entries').getByRole('listitem');

/** Publishes the entry whose row shows `text` on a kind's list page. */
async function publish(page: Page, kind: string, text: string): Promise<void> {
  await page.goto(`${server.origin}/staff/content/${kind}`);
  await rows(page)
    .filter({ hasText: text })
    .getByRole('button', { name: /^Publish\b/ })
    .click();
  await expect(page.getByRole('status').filter({ hasText: 'Published: the page shows it now.' })).toBeVisible();
}

/** What a visitor (a browser of their own, no cookies) reads on /programme. */
async function programmeReads(browser: Browser): Promise<{ text: string; links: string[] }> {
  const context = await browser.newContext();
  try {
    const visitor = await context.newPage();
    const res = await visitor.goto(`${server.origin}/programme`);
    expect(res?.status()).toBe(200);
    const links = await visitor.locator('main a[href^="/events/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    return { text: (await visitor.locator('main').allInnerTexts()).join('\n'), links };
  } finally {
    await context.close();
  }
}

test('a venue, a speaker and a session choosing them: a refusal keeps the choices, publishing the three puts the session on /programme', async ({ page, browser }) => {
  const suffix = projectSlug();
  const venue = { slug: `garden-stage-${suffix}`, name: `Garden stage (${project()})` };
  const speaker = { slug: `wole-adeyemi-${suffix}`, name: `Wọlé Adéyẹmí (${project()})` };
  const session = { slug: `garden-readings-${suffix}`, title: `Readings in the garden (${project()})` };

  await signIn(page, '/staff/content/venues');
  await addForm(page).getByLabel('Link name').fill(venue.slug);
  await addForm(page).getByLabel('Name', { exact: true }).fill(venue.name);
  await addForm(page).getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();

  await page.goto(`${server.origin}/staff/content/speakers`);
  await addForm(page).getByLabel('Link name').fill(speaker.slug);
  await addForm(page).getByLabel('Name', { exact: true }).fill(speaker.name);
  await addForm(page).getByLabel('Biography').fill('A poet from Abẹ́òkúta.');
  await addForm(page).getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();

  // A day of the current edition: a seeded session's (the list shows the current edition first).
  await page.goto(`${server.origin}/staff/content/sessions`);
  await expect(page.getByRole('navigation', { name: 'Editions' }).locator('[aria-current="page"]')).toContainText('(current)');
  // Sessions are ordered by their day and time: there is nothing to move.
  await expect(page.getByRole('button', { name: /^Move (up|down)\b/ })).toHaveCount(0);
  await rows(page)
    .filter({ hasText: 'Stories on Screen' })
    .getByRole('link', { name: /^Edit\b/ })
    .click();
  const day = await page.getByRole('region', { name: 'Edit', exact: true }).getByLabel('Day', { exact: true }).inputValue();
  expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  await page.goto(`${server.origin}/staff/content/sessions`);
  await expectNoAxeViolations(page);
  const add = () => addForm(page);
  // The Add form names the edition shown; the venue is a select, the speakers a list of checkboxes (drafts marked).
  await expect(add().getByLabel('Edition')).not.toHaveValue('');
  await add().getByLabel('Link name').fill(session.slug);
  await add().getByLabel('Title').fill(session.title);
  await add().getByLabel('Day', { exact: true }).fill(day);
  await add().getByLabel('Starts (Lagos time)').fill('09:15');
  await add().getByLabel('Ends (Lagos time)').fill('10:00');
  await add().getByLabel('Venue').selectOption({ label: `${venue.name} (draft)` });
  await add().getByLabel('Category').fill('Readings');
  await add().getByRole('group', { name: /^Speakers/ }).getByRole('checkbox', { name: `${speaker.name} (draft)` }).check();
  await add().getByRole('radio', { name: 'Free with the festival wristband' }).check();
  // No description: refused, and the choices are still made.
  await add().getByRole('button', { name: 'Save and publish' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please correct the errors below.' })).toBeVisible();
  await expect(add().getByLabel('Venue')).toHaveValue(venue.slug);
  await expect(add().getByRole('checkbox', { name: `${speaker.name} (draft)` })).toBeChecked();
  await expect(add().getByLabel('Title')).toHaveValue(session.title);
  // At 390 px the form, its speakers' list included, fits the screen, axe clean with the errors shown.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);

  await add().getByLabel('Description').fill('Morning readings under the trees.');
  await add().getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
  // One entry, whatever was posted before (the refused save made none): its row says its day and time.
  await expect(rows(page).filter({ hasText: session.title })).toHaveCount(1);
  await expect(rows(page).filter({ hasText: session.title })).toContainText(`09:15 · ${session.title}`);
  await expect(rows(page).filter({ hasText: session.title })).toContainText('Draft: not on the site');
  expect((await programmeReads(browser)).text).not.toContain(session.title);

  // Its page keeps both choices.
  await rows(page)
    .filter({ hasText: session.title })
    .getByRole('link', { name: /^Edit\b/ })
    .click();
  const edit = page.getByRole('region', { name: 'Edit', exact: true });
  await expect(edit.getByLabel('Venue')).toHaveValue(venue.slug);
  await expect(edit.getByRole('checkbox', { name: `${speaker.name} (draft)` })).toBeChecked();

  // The preview (this signed-in browser) opens the draft speaker's and session's own pages, saying
  // it is a preview; a visitor gets 404 on both until they are published.
  await page.goto(`${server.origin}/staff/content/speakers`);
  await page.getByRole('link', { name: 'Preview the page with drafts' }).click();
  await expect(page).toHaveURL(/\/speakers$/);
  await expect(page.getByTestId('preview-notice')).toBeVisible();
  await page.getByRole('link', { name: speaker.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/speakers/${speaker.slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(speaker.name);
  await expect(page.getByTestId('preview-notice')).toBeVisible();
  const previewed = await page.goto(`${server.origin}/events/${session.slug}`);
  expect(previewed?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(session.title);
  await expect(page.getByTestId('preview-notice')).toBeVisible();
  const stranger = await browser.newContext();
  try {
    for (const path of [`/speakers/${speaker.slug}`, `/events/${session.slug}`]) {
      expect((await stranger.request.get(`${server.origin}${path}`)).status(), path).toBe(404);
    }
  } finally {
    await stranger.close();
  }
  await page.getByRole('link', { name: 'Leave the preview' }).click();
  await expect(page).toHaveURL(/\/programme$/);
  await expect(page.getByTestId('preview-notice')).toHaveCount(0);
  expect((await page.goto(`${server.origin}/speakers/${speaker.slug}`))?.status()).toBe(404);

  await publish(page, 'venues', venue.name);
  await publish(page, 'speakers', speaker.name);
  await publish(page, 'sessions', session.title);

  const programme = await programmeReads(browser);
  expect(programme.text).toContain(session.title);
  expect(programme.links).toContain(`/events/${session.slug}`);
});

test('"Copy last year\'s programme as drafts" answers on the sessions page', async ({ page }) => {
  await signIn(page, '/staff/content/sessions');
  await page.getByRole('button', { name: 'Copy last year’s programme as drafts' }).click();
  await expect(page).toHaveURL(/\/staff\/content\/sessions\?/);
  // A fresh machine has one edition's sessions: nothing earlier to copy (or, run again, sessions copied before and left alone).
  await expect(page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: /There is no earlier edition with sessions to copy\.|^Copied \d+ sessions? from / })).toBeVisible();
});
