/**
 * The festival's year on the public pages (issue 28): for each phase a server of its own, its clock
 * set with FESTIVAL_NOW, and the home page's hero and #register section, the header's button,
 * /programme (today first while live), the thank-you page and the festival's JSON-LD checked, with
 * JavaScript on and off (the phone projects) and an axe scan of each phase's home page. Two servers
 * read the real clock: one with no dates configured (the next 24–25 October that has not ended,
 * registration open) and one whose dates have passed (`after` everywhere).
 * The `open` phase is the main server's (TEST_EDITION_ENV), which e2e/home.spec.ts and
 * e2e/layout.spec.ts check.
 */
import { expect, test, type Page } from '@playwright/test';
import { defaultFestivalDates, editionDates, editionFrom } from '../../contract/edition';
import { festivalTitle } from '../../contract/edition-copy';
import { expectNoAxeViolations } from '../support/axe-scan';
import { startNext, stop, type Server } from '../support/next-server';

// The phases' groups run side by side; each group's tests run in order on one worker, on one server.
test.describe.configure({ mode: 'parallel' });

/** The 2026 edition: 24–25 October 2026. */
const EDITION_2026 = { FESTIVAL_START_DATE: '2026-10-24', FESTIVAL_END_DATE: '2026-10-25' };

/** Starts the group's server before its tests and stops it after them; `origin()` is its address. */
function phaseServer(env: Record<string, string>, prepare?: (origin: string) => Promise<void>) {
  test.describe.configure({ mode: 'default', timeout: 90_000 });
  let server: Server | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startNext({ RATE_LIMIT_MAX: '0', ...env });
    await prepare?.(server.origin);
  });
  test.afterAll(async () => {
    await stop(server);
  });
  return () => server!.origin;
}

const hero = (page: Page) => page.locator('section[aria-labelledby="hero-title"]');
const editionSection = (page: Page) => page.locator('section#register');
const compactButton = (page: Page) => page.locator('.mobile-bar__register');
const desktopButton = (page: Page) => page.locator('.desktop-nav__register');

/** The hrefs of a part's links, in order. */
const hrefs = (page: Page, selector: string) => page.locator(selector).evaluateAll((as) => as.map((a) => a.getAttribute('href')));

/** No link anywhere on the page offers registration (the header, the hero, #register, the body). */
async function expectNoRegistrationOffered(page: Page) {
  await expect(page.locator('a[href="/register"], a[href="/#register"]')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^register/i })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /waiting list/i })).toHaveCount(0);
}

test.describe('announced: registration opens on 1 September 2026, 09:00', () => {
  const origin = phaseServer({ ...EDITION_2026, FESTIVAL_NOW: '2026-08-01T12:00:00+01:00', REGISTRATION_OPENS_AT: '2026-09-01T09:00' });

  test('home: the date registration opens and a newsletter reminder; no Register anywhere', async ({ page }) => {
    await page.goto(`${origin()}/`);
    await expect(hero(page)).toContainText('24–25 October 2026');
    await expect(hero(page).getByTestId('edition-status')).toHaveText('Registration opens on 1 September 2026, 09:00 (Lagos time).');
    await expect(hero(page).getByRole('link', { name: 'Get a reminder: newsletter' })).toHaveAttribute('href', '#newsletter');
    await expect(editionSection(page).getByTestId('edition-section-status')).toHaveText('Registration opens on 1 September 2026, 09:00 (Lagos time).');
    await expect(editionSection(page)).toContainText('24–25 October 2026');
    // It will be offered: the section says it is free.
    await expect(editionSection(page)).toContainText('Registration is free.');
    await expectNoRegistrationOffered(page);
    await expect(compactButton(page)).toHaveCount(0);
    await expect(desktopButton(page)).toHaveCount(0);
    // The reminder leads to the newsletter form, on this page.
    await expect(page.locator('#newsletter')).toHaveCount(1);
  });

  test('copy that names the year follows the edition: the festival card, /annual-festival, the calendar file', async ({ page, request }) => {
    await page.goto(`${origin()}/`);
    // 2026 is the second festival (counted from 2025): its number, not the seed's "inaugural".
    await expect(page.locator('section#whats-on article').first()).toContainText('Ìtàn Festival 2026: The Second Edition');
    await expect(editionSection(page)).toContainText('The second edition');
    await expect(page.getByText('Ìtàn Festival 2025')).toHaveCount(0);
    await expect(page.getByText(/inaugural/i)).toHaveCount(0);
    await page.goto(`${origin()}/annual-festival`);
    await expect(page.locator('#next-heading')).toHaveText('This year: Ìtàn Festival 2026: The Second Edition');
    // 24–25 October 2026 is a Saturday and a Sunday: the description names them, not the seed's Friday.
    await expect(page.locator('section[aria-labelledby="next-heading"]')).toContainText('from the opening reading on Saturday morning to the last encore on Sunday night');
    await expect(page.locator('section[aria-labelledby="next-heading"]')).not.toContainText('Friday');
    await expect(page.getByRole('main').getByRole('link', { name: 'Register', exact: true })).toHaveCount(0);
    const ics = await (await request.get(`${origin()}/festival.ics`)).text();
    expect(ics).toMatch(/DTSTART[^:\r\n]*:20261024/);
  });

  test('/programme: the days in order, none marked today', async ({ page }) => {
    await page.goto(`${origin()}/programme`);
    const days = page.getByTestId('programme-day');
    await expect(days.first().getByRole('heading', { level: 2 })).toHaveText('Saturday 24 October 2026');
    await expect(page.locator('[data-today]')).toHaveCount(0);
  });

  test('home is axe clean', async ({ page }) => {
    await page.goto(`${origin()}/`);
    await expectNoAxeViolations(page);
  });
});

test.describe('sold out: capacity 1, one wristband claimed', () => {
  const origin = phaseServer({ ...EDITION_2026, FESTIVAL_NOW: '2026-10-01T12:00:00+01:00', REGISTRATION_CAPACITY: '1' }, async (base) => {
    const res = await fetch(`${base}/api/forms/registrations/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ firstName: 'Ada', lastName: 'Sold', email: 'first@example.com', phone: '08031234567', numberOfTickets: 1, submittedAt: new Date().toISOString() }),
    });
    if (res.status !== 201) throw new Error(`the one registration was refused: ${res.status} ${await res.text()}`);
  });

  test('home: all claimed and the waiting list (on /register); the header says "Waiting list"', async ({ page }) => {
    await page.goto(`${origin()}/`);
    await expect(hero(page).getByTestId('edition-status')).toHaveText('All wristbands have been claimed.');
    await expect(hero(page).getByRole('link', { name: 'Join the waiting list' })).toHaveAttribute('href', '/register');
    await expect(editionSection(page).getByTestId('edition-section-status')).toHaveText('All wristbands have been claimed.');
    await expect(editionSection(page).getByRole('link', { name: 'Join the waiting list' })).toHaveAttribute('href', '/register');
    await expect(page.getByRole('link', { name: /^register/i })).toHaveCount(0);
    await expect(compactButton(page)).toHaveText('Waiting list');
    await expect(compactButton(page)).toHaveAttribute('href', '/register');
    await expect(desktopButton(page)).toHaveText('Waiting list');
    await expect(desktopButton(page)).toHaveAttribute('href', '/register');
    // The longer label still fits the narrowest phone's header: nothing scrolls sideways.
    await page.setViewportSize({ width: 320, height: 640 });
    await expect(compactButton(page)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(1);
    const [button, toggle] = await Promise.all([compactButton(page).boundingBox(), page.locator('.mobile-menu__toggle').boundingBox()]);
    expect(button!.y + button!.height).toBeGreaterThan(toggle!.y); // one row: the button and the menu side by side
    expect(button!.x + button!.width).toBeLessThanOrEqual(toggle!.x);
  });

  test('home is axe clean', async ({ page }) => {
    await page.goto(`${origin()}/`);
    await expectNoAxeViolations(page);
  });
});

test.describe('closed: registration closed on 20 October, before the festival', () => {
  const origin = phaseServer({ ...EDITION_2026, FESTIVAL_NOW: '2026-10-22T12:00:00+01:00', REGISTRATION_CLOSES_AT: '2026-10-20T00:00' });

  test('home: closed, the programme and the visit; nothing offers registration', async ({ page }) => {
    await page.goto(`${origin()}/`);
    await expect(hero(page).getByTestId('edition-status')).toHaveText('Registration has closed.');
    expect(await hrefs(page, 'section[aria-labelledby="hero-title"] a')).toEqual(['/programme', '/visit', '/#whats-on']);
    await expect(editionSection(page).getByTestId('edition-section-status')).toHaveText('Registration has closed.');
    await expect(editionSection(page)).not.toContainText('Registration is free.');
    await expectNoRegistrationOffered(page);
    await expect(compactButton(page)).toHaveCount(0);
    await expect(desktopButton(page)).toHaveCount(0);
  });

  test('the thank-you page names the edition, its dates and venue, and offers no registration', async ({ page }) => {
    await page.goto(`${origin()}/registration/thank-you?ref=ITAN-ABCD-2345&tickets=2`);
    await expect(page.getByTestId('edition-name')).toHaveText('Ìtàn Festival 2026');
    await expect(page.getByTestId('festival-dates')).toHaveText('24–25 October 2026');
    await expect(page.getByRole('main')).toContainText('Centenary Hall, Ake, Abeokuta');
    await expectNoRegistrationOffered(page);
  });

  test('/annual-festival: no Register; its JSON-LD has the edition’s dates and no offer', async ({ page }) => {
    await page.goto(`${origin()}/annual-festival`);
    await expectNoRegistrationOffered(page);
    const data = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t) as Record<string, unknown>);
    const festival = data.find((d) => d['@type'] === 'Festival');
    expect(festival).toMatchObject({ startDate: '2026-10-24', endDate: '2026-10-25' });
    expect(festival).not.toHaveProperty('offers');
  });

  test('home is axe clean', async ({ page }) => {
    await page.goto(`${origin()}/`);
    await expectNoAxeViolations(page);
  });
});

test.describe('live: Sunday 25 October 2026, the second day; registration still open', () => {
  const origin = phaseServer({ ...EDITION_2026, FESTIVAL_NOW: '2026-10-25T10:00:00+01:00' });

  test('home: on today, today’s programme first, then Register', async ({ page }) => {
    await page.goto(`${origin()}/`);
    await expect(hero(page).getByTestId('edition-status')).toHaveText('The festival is on today.');
    expect(await hrefs(page, 'section[aria-labelledby="hero-title"] a')).toEqual(['/programme', '/register', '/#whats-on']);
    await expect(hero(page).getByRole('link').first()).toHaveText('Today’s programme');
    await expect(editionSection(page).getByTestId('edition-section-status')).toHaveText('The festival is on today.');
    expect(await hrefs(page, 'section#register .btn')).toEqual(['/programme', '/register']);
    await expect(compactButton(page)).toHaveText('Register');
    await expect(compactButton(page)).toHaveAttribute('href', '/register');
  });

  test('/programme: today (Sunday) first, marked Today, then Saturday', async ({ page }) => {
    await page.goto(`${origin()}/programme`);
    const days = page.getByTestId('programme-day');
    await expect(days).toHaveCount(2);
    await expect(days.first()).toHaveAttribute('data-today', 'true');
    await expect(days.first().getByRole('heading', { level: 2 })).toHaveText('Today: Sunday 25 October 2026');
    await expect(days.nth(1).getByRole('heading', { level: 2 })).toHaveText('Saturday 24 October 2026');
    await expect(days.nth(1)).not.toHaveAttribute('data-today', /.*/);
    await expect(days.first().getByTestId('programme-session').first()).toContainText('Stories on Screen');
  });

  test('/programme marks the session on now and the next one, in words, once each (issue 41)', async ({ page }) => {
    await page.goto(`${origin()}/programme`);
    const marks = page.getByTestId('session-mark');
    await expect(marks.filter({ hasText: /^Next$/ })).toHaveCount(1);
    const next = page.locator('[data-testid="programme-session"][data-mark="next"]');
    await expect(next).toHaveCount(1);
    await expect(next).toContainText('Stories on Screen');
    // What is on now carries aria-current="time"; nothing marked is without its word.
    const now = page.locator('[data-testid="programme-session"][data-mark="now"]');
    expect(await now.count()).toBeGreaterThan(0);
    for (const session of await now.all()) {
      await expect(session).toHaveAttribute('aria-current', 'time');
      await expect(session.getByTestId('session-mark')).toHaveText('Now');
    }
    await expectNoAxeViolations(page);
  });

  test('on a festival day a ticket no longer offers giving its wristbands back, and the backend refuses it (issue 41)', async ({ page, request }) => {
    const res = await request.post(`${origin()}/api/forms/registrations/`, {
      data: { firstName: 'Day', lastName: 'Visitor', email: `live-day-${Date.now()}@example.com`, phone: '08031234567', numberOfTickets: 1 },
    });
    expect(res.status()).toBe(201);
    const { ticketReference, ticketUrl } = (await res.json()) as { ticketReference: string; ticketUrl: string };
    const token = new URL(ticketUrl, origin()).searchParams.get('t')!;
    await page.goto(`${origin()}${ticketUrl}`);
    await expect(page.getByTestId('ticket-reference')).toHaveText(ticketReference);
    await expect(page.getByTestId('give-back')).toHaveCount(0);
    await expect(page.getByRole('link', { name: /can.t come/i })).toHaveCount(0);
    await page.goto(`${origin()}/tickets/${ticketReference}/cancel?t=${token}`);
    await expect(page.getByTestId('give-back-refused')).toContainText('The festival has started, so wristbands can no longer be given back.');
    await expect(page.getByRole('button', { name: /give them back/i })).toHaveCount(0);
    const cancel = await request.post(`${origin()}/api/tickets/${ticketReference}/cancel/`, { data: { token }, headers: { Origin: origin() } });
    expect(cancel.status()).toBe(409);
    expect(((await cancel.json()) as { reason: string }).reason).toBe('festival-started');
  });

  test('passed dates drop out by themselves (issue 40): Upcoming Events and the project pages’ “Next up”', async ({ page }) => {
    await page.goto(`${origin()}/`);
    const whatsOn = page.locator('section#whats-on');
    // The festival is on: still featured. The book circle (27 September), the build day
    // (11 October) and the forum (23 October) have passed: no card left in the grid.
    await expect(whatsOn.locator('article').first()).toContainText('Ìtàn Festival 2026');
    await expect(whatsOn.getByRole('list', { name: 'More events' })).toHaveCount(0);
    for (const path of ['/bi-monthly', '/literacy-libraries', '/creative-economy']) {
      await page.goto(`${origin()}${path}`);
      await expect(page.locator('#next-heading')).toHaveText('Next up');
      await expect(page.getByTestId('next-up-none')).toHaveText('No new date is announced yet. The newsletter has it first.');
      await expect(page.getByTestId('event-when')).toHaveCount(0);
    }
  });

  test('home is axe clean', async ({ page }) => {
    await page.goto(`${origin()}/`);
    await expectNoAxeViolations(page);
  });
});

test.describe('after: the dates have passed (24–25 October 2025, the real clock)', () => {
  const origin = phaseServer({ FESTIVAL_START_DATE: '2025-10-24', FESTIVAL_END_DATE: '2025-10-25', FESTIVAL_NOW: '' });

  test('home: ended with thanks, the highlights and the newsletter for next year; no Register anywhere', async ({ page }) => {
    await page.goto(`${origin()}/`);
    await expect(hero(page).getByTestId('edition-status')).toHaveText('Ìtàn Festival 2025 has ended. Thank you to everyone who came!');
    expect(await hrefs(page, 'section[aria-labelledby="hero-title"] a')).toEqual(['/highlights', '#newsletter', '/#whats-on']);
    await expect(hero(page).getByRole('link', { name: 'Next year’s dates: newsletter' })).toBeVisible();
    await expect(editionSection(page).getByTestId('edition-section-status')).toContainText('has ended');
    await expect(editionSection(page).getByRole('link', { name: /calendar/ })).toHaveCount(0);
    // Upcoming Events no longer features the festival, and every seeded date has passed: it says so (issue 40).
    await expect(page.locator('section#whats-on article')).toHaveCount(0);
    await expect(page.locator('section#whats-on')).not.toContainText('Ìtàn Festival 2025');
    await expect(page.getByTestId('whats-on-none')).toHaveText('No new dates are announced yet. The newsletter has them first.');
    await expectNoRegistrationOffered(page);
    await expect(compactButton(page)).toHaveCount(0);
    await expect(desktopButton(page)).toHaveCount(0);
  });

  test('/register offers no registration form', async ({ page }) => {
    await page.goto(`${origin()}/register`);
    await expect(page.getByRole('main').locator('input[name="numberOfTickets"], input[name="firstName"]')).toHaveCount(0);
    await expect(compactButton(page)).toHaveCount(0);
  });

  test('the event pages and /about offer no registration', async ({ page }) => {
    for (const path of ['/about', '/bi-monthly', '/events/opening-reading-letters-from-ake', '/visit']) {
      await page.goto(`${origin()}${path}`);
      await expectNoRegistrationOffered(page);
    }
  });

  test('home is axe clean', async ({ page }) => {
    await page.goto(`${origin()}/`);
    await expectNoAxeViolations(page);
  });
});

test.describe('no dates configured, the real clock: the next 24–25 October that has not ended', () => {
  const origin = phaseServer({ FESTIVAL_START_DATE: '', FESTIVAL_END_DATE: '', FESTIVAL_NOW: '' });

  test('home, header, footer and programme show that edition, registration open', async ({ page }) => {
    const next = defaultFestivalDates(new Date());
    const dates = editionDates(next);
    await page.goto(`${origin()}/`);
    await expect(hero(page)).toContainText(dates);
    await expect(editionSection(page)).toContainText(dates);
    await expect(page.locator('footer')).toContainText(dates);
    await expect(hero(page).getByTestId('edition-status')).toHaveCount(0);
    await expect(hero(page).locator('a[href="/register"]')).toHaveCount(1);
    await expect(editionSection(page).getByRole('link', { name: 'Register', exact: true })).toHaveAttribute('href', '/register');
    await expect(compactButton(page)).toHaveText('Register');
    await expect(page.locator('section#whats-on article').first()).toContainText(festivalTitle(editionFrom(next, new Date())));
    await page.goto(`${origin()}/programme`);
    await expect(page.getByTestId('programme-day').first()).toHaveAttribute('aria-labelledby', `day-${next.startDate}`);
    // The form the `after` server must not offer is here (the check there is not vacuous).
    await page.goto(`${origin()}/register`);
    await expect(page.getByRole('main').locator('input[name="numberOfTickets"]')).toHaveCount(1);
    await expect(page.getByRole('main').locator('input[name="firstName"]')).toHaveCount(1);
  });
});
