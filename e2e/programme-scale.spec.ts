/**
 * A real festival's programme (issue 40, "Measured"): an organiser publishes 60 sessions over the
 * edition's two days in 3 venues with 40 speakers, a few through the staff area's forms and the
 * rest through the staff API, and /programme shows it correctly with JavaScript off: every session
 * under its day in time order, its venue and speakers, the filters by day, category and venue as
 * plain links, and a page small enough for mobile data (≤ 45 KB gzipped). The spec starts its own
 * `next start` (the built-in backend, the tests' 2025 edition).
 */
import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { upsertStaffUser } from '../backend/auth/queries';
import { connectDb } from '../backend/db/connect';
import { TEST_EDITION_ENV, TEST_EDITION_KEY } from '../test/support/edition-env';
import { startNext, stop, type Server } from './support/next-server';
import { signInAsStaff } from './support/staff-sign-in';

const STAFF = { email: 'programme@itan.example', name: 'Tola Programme', password: 'programme-password-long' };
const DAYS = [TEST_EDITION_ENV.FESTIVAL_START_DATE, TEST_EDITION_ENV.FESTIVAL_END_DATE];
const VENUES = [
  { slug: 'scale-main-hall', name: 'Scale Main Hall' },
  { slug: 'scale-garden', name: 'Scale Garden Stage' },
  { slug: 'scale-library', name: 'Scale Library Room' },
];
const CATEGORIES = ['Readings', 'Poetry', 'Conversations', 'Film'];
const SPEAKERS = Array.from({ length: 40 }, (_, i) => ({ slug: `scale-speaker-${i + 1}`, name: `Scale Speaker ${String(i + 1).padStart(2, '0')}` }));
/** 60 sessions: 30 a day, 10 per venue per day, hourly from 09:00 (a few share a time in different venues). */
const SESSIONS = Array.from({ length: 60 }, (_, i) => {
  const day = i < 30 ? 0 : 1;
  const inDay = i % 30;
  const venue = VENUES[inDay % 3]!;
  const hour = 9 + Math.floor(inDay / 3);
  const hh = (h: number) => String(h).padStart(2, '0');
  return {
    slug: `scale-session-${i + 1}`,
    title: `Scale Session ${String(i + 1).padStart(2, '0')}`,
    edition: TEST_EDITION_KEY,
    date: DAYS[day]!,
    starts: `${hh(hour)}:00`,
    ends: `${hh(hour)}:50`,
    venue: venue.slug,
    category: CATEGORIES[i % CATEGORIES.length]!,
    speakers: [SPEAKERS[i % 40]!.slug, SPEAKERS[(i + 7) % 40]!.slug],
    description: `A session of the scale test, number ${i + 1}.`,
    free: 'yes',
  };
});
/** Made through the staff area's forms, the rest through the API. */
const BY_HAND = new Set(['scale-session-1', 'scale-session-31']);

let server: Server;
let token: string;

test.describe.configure({ mode: 'serial', timeout: 240_000 });
test.beforeAll(async () => {
  server = await startNext({ RATE_LIMIT_MAX: '0' });
  const handle = connectDb({ sqlitePath: `${server.dataDir}/festival.sqlite` });
  await upsertStaffUser(handle.db, STAFF);
  await handle.close();
  const res = await fetch(`${server.origin}/api/auth/login/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: STAFF.email, password: STAFF.password }) });
  expect(res.status).toBe(200);
  token = ((await res.json()) as { token: string }).token;
});

test.afterAll(async () => {
  await stop(server);
});

async function api(path: string, body: unknown): Promise<{ status: number; json: { data?: { id?: string } } }> {
  const res = await fetch(`${server.origin}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as { data?: { id?: string } } };
}

/** Adds and publishes an entry through the staff API. */
async function publish(kind: string, data: Record<string, unknown>): Promise<void> {
  const created = await api(`/api/admin/entries/${kind}/`, { data });
  expect(created.status, JSON.stringify(created.json)).toBeLessThan(300);
  const id = created.json.data?.id;
  expect(id).toBeTruthy();
  const published = await api(`/api/admin/entries/${kind}/${id}/publish/`, {});
  expect(published.status).toBe(200);
}

/** Adds a session through the staff area's form (JavaScript as the project has it) and publishes it. */
async function publishByHand(page: Page, session: (typeof SESSIONS)[number]): Promise<void> {
  await page.goto(`${server.origin}/staff/content/sessions`);
  const add = page.getByRole('region', { name: 'Add an entry' });
  await add.getByLabel('Link name').fill(session.slug);
  await add.getByLabel('Title').fill(session.title);
  await add.getByLabel('Edition').fill(session.edition);
  await add.getByLabel('Day', { exact: true }).fill(session.date);
  await add.getByLabel('Starts (Lagos time)').fill(session.starts);
  await add.getByLabel('Ends (Lagos time)').fill(session.ends);
  await add.getByLabel('Venue', { exact: true }).selectOption(session.venue);
  await add.getByLabel('Category').fill(session.category);
  const speakers = add.getByRole('group', { name: 'Speakers' });
  for (const slug of session.speakers) await speakers.getByLabel(SPEAKERS.find((s) => s.slug === slug)!.name, { exact: true }).check();
  await add.getByLabel('Description').fill(session.description);
  await add.getByRole('group', { name: 'Admission' }).getByLabel('Free with the festival wristband').check();
  await add.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: session.title });
  await row.getByRole('button', { name: /^Publish\b/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Published: the page shows it now.' })).toBeVisible();
}

test('an organiser publishes 60 sessions, 3 venues and 40 speakers; /programme shows them by day, time, venue and category without JavaScript', async ({ page, browser }) => {
  // Each project runs with a server of its own (beforeAll): the organiser's forms with JavaScript on, then off.
  for (const venue of VENUES) await publish('venues', { ...venue, access: ['Step-free'] });
  for (const speaker of SPEAKERS) await publish('speakers', { ...speaker, bio: `${speaker.name} writes for the scale test.` });
  for (const session of SESSIONS) if (!BY_HAND.has(session.slug)) await publish('sessions', session);
  await signInAsStaff(page, server.origin, STAFF, '/staff/content');
  for (const session of SESSIONS) if (BY_HAND.has(session.slug)) await publishByHand(page, session);

  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const visitor = await context.newPage();
    const res = await visitor.goto(`${server.origin}/programme`);
    expect(res?.status()).toBe(200);
    const html = await res!.text();
    // Small on mobile data: the whole programme in at most 45 KB on the wire.
    expect(gzipSync(html).length).toBeLessThanOrEqual(45 * 1024);

    const days = visitor.getByTestId('programme-day');
    await expect(days).toHaveCount(2);
    for (const [d, date] of DAYS.entries()) {
      const titles = (await days.nth(d).getByTestId('programme-session').allInnerTexts()).join('\n');
      const ours = SESSIONS.filter((s) => s.date === date);
      for (const s of ours) expect(titles).toContain(s.title);
      // In time order: each of ours appears after the one that starts before it.
      const positions = ours.map((s) => titles.indexOf(s.title));
      const byTime = [...ours].sort((a, b) => a.starts.localeCompare(b.starts) || a.title.localeCompare(b.title)).map((s) => titles.indexOf(s.title));
      expect(positions.slice().sort((a, b) => a - b)).toEqual(byTime);
    }
    // A session names its venue and its speakers, each a link to their page.
    const first = visitor.getByTestId('programme-session').filter({ hasText: SESSIONS[0]!.title });
    await expect(first).toContainText(VENUES[0]!.name);
    await expect(first.getByRole('link', { name: SPEAKERS[0]!.name })).toHaveAttribute('href', `/speakers/${SPEAKERS[0]!.slug}`);

    // The filters are links: one venue, then one day of it.
    await visitor.getByRole('link', { name: VENUES[1]!.name, exact: true }).first().click();
    await expect(visitor).toHaveURL(new RegExp(`[?&]venue=${VENUES[1]!.slug}`));
    await expect(visitor.getByTestId('programme-session')).toHaveCount(20);
    const venueUrl = new URL(visitor.url());
    venueUrl.searchParams.set('day', DAYS[1]!);
    await visitor.goto(venueUrl.toString());
    await expect(visitor.getByTestId('programme-session')).toHaveCount(10);
    // One category: every fourth of ours (and any seeded session of that category).
    await visitor.goto(`${server.origin}/programme?category=${encodeURIComponent('poetry')}`);
    const poetry = SESSIONS.filter((s) => s.category === 'Poetry');
    const shown = (await visitor.getByTestId('programme-session').allInnerTexts()).join('\n');
    for (const s of poetry) expect(shown).toContain(s.title);
    expect(shown).not.toContain(SESSIONS.find((s) => s.category === 'Film')!.title);

    // A speaker's page lists their sessions.
    await visitor.goto(`${server.origin}/speakers/${SPEAKERS[0]!.slug}`);
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(SPEAKERS[0]!.name);
    for (const s of SESSIONS.filter((x) => x.speakers.includes(SPEAKERS[0]!.slug))) await expect(visitor.getByRole('link', { name: s.title, exact: true })).toBeVisible();
  } finally {
    await context.close();
  }
});
