/**
 * The waiting list in a browser (issue 28), JavaScript on and off (the phone projects): a server of
 * its own with two wristbands and a real SMTP server on loopback. The wristbands are taken, /register
 * offers the waiting list instead of the form, someone joins; a ticket holder gives their wristband
 * back through the ticket page's "I can't come"; the offer mail reaches the waiting person, whose
 * link registers them (the ticket mail follows); the link cannot be used twice. Axe on each new page.
 * Issue 43: staff see the list from the dashboard; an admin withdraws an offer and offers places by
 * hand; each offer mail says why; the list downloads as CSV.
 */
import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { connectDb } from '../../backend/db/connect';
import { upsertStaffUser } from '../../backend/auth/queries';
import { editionFormValues, type EditionAdmin } from '../../contract/api/edition-admin';
import { WAITING_LIST_TEXT } from '../../lib/staff/waiting-list-messages';
import { WAITING_LIST_MESSAGES } from '../../contract/api/waiting-list';
import { REGISTRATION_WINDOW_MESSAGES } from '../../contract/edition';
import { EDITION_TEXT } from '../../contract/edition-text';
import { GIVE_BACK_TEXT, OFFER_PAGE_TEXT, REGISTER_PAGE_TEXT } from '../../contract/forms/waiting-list-messages';
import { startTestSmtp, type TestSmtp } from '../../test/support/smtp';
import { expectNoAxeViolations } from '../support/axe-scan';
import { startNext, stop, type Server } from '../support/next-server';

let smtp: TestSmtp;
let server: Server;
const ADMIN = { email: 'boss@itan.example', name: 'Funmi Boss', password: 'boss-password-long' };

test.describe.configure({ mode: 'parallel' });

test.describe('sold out, two wristbands, SMTP on loopback', () => {
  test.describe.configure({ mode: 'default', timeout: 120_000 });

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    smtp = await startTestSmtp();
    server = await startNext({ SMTP_URL: smtp.url, REGISTRATION_CAPACITY: '2', RATE_LIMIT_MAX: '0' });
    const handle = connectDb({ sqlitePath: `${server.dataDir}/festival.sqlite` });
    await upsertStaffUser(handle.db, ADMIN);
    await handle.close();
  });
  test.afterAll(async () => {
    await stop(server);
    await smtp?.close();
  });

  const mailsTo = (email: string, subject: RegExp) => smtp.received.filter((m) => m.to.includes(email) && subject.test(m.mail.subject ?? ''));

  async function signIn(page: Page, from: string) {
    await page.goto(`${server.origin}${from}`);
    await expect(page).toHaveURL(/\/staff\/login\?next=/);
    await page.locator('main').getByLabel('Email address').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(new RegExp(`${from}$`), { timeout: 20_000 });
  }

  async function registerByApi(request: APIRequestContext, email: string) {
    const res = await request.post(`${server.origin}/api/forms/registrations/`, {
      data: { firstName: 'Ada', lastName: 'Obi', email, phone: '0803 123 4567', numberOfTickets: 1 },
    });
    expect(res.status()).toBe(201);
    return (await res.json()) as { ticketReference: string; ticketUrl: string };
  }

  test('sold out: join the waiting list, a wristband given back goes to the waiting person by mail, whose link registers them once', async ({ page, request }, testInfo) => {
    const tag = testInfo.project.name;
    const waiting = `waiting-${tag}@example.com`;
    await registerByApi(request, `first-${tag}@example.com`);
    const giver = await registerByApi(request, `giver-${tag}@example.com`);

    // Sold out: /register offers the waiting list, not the form.
    await page.goto(`${server.origin}/register`);
    await expect(page.getByRole('heading', { level: 1, name: REGISTER_PAGE_TEXT.soldOutTitle })).toBeVisible();
    await expect(page.getByLabel('Phone number')).toHaveCount(0);
    await expectNoAxeViolations(page);
    const form = page.locator('form[aria-labelledby="register-title"]');
    await form.getByLabel('Full name').fill('Wale Adeyemi');
    await form.getByLabel('Email address').fill(waiting);
    await form.getByLabel(REGISTER_PAGE_TEXT.waitingListNumberLabel).fill('1');
    await form.getByRole('button', { name: REGISTER_PAGE_TEXT.waitingListSubmit }).click();
    await expect(page).toHaveURL(/\/register\/waiting-list\/thank-you\?tickets=1$/);
    await expect(page.getByTestId('waiting-list-joined')).toContainText(WAITING_LIST_MESSAGES.joined);
    await expectNoAxeViolations(page);
    await expect.poll(() => mailsTo(waiting, /You are on the waiting list/).length, { timeout: 20_000 }).toBe(1);

    // "I can't come" on the ticket page, one confirmation step, then the ticket says it was given back.
    await page.goto(`${server.origin}${giver.ticketUrl}`);
    await page.getByRole('link', { name: GIVE_BACK_TEXT.link }).click();
    await expect(page.getByRole('heading', { level: 1, name: GIVE_BACK_TEXT.title('1 wristband') })).toBeVisible();
    await expect(page.getByRole('link', { name: GIVE_BACK_TEXT.back })).toHaveAttribute('href', giver.ticketUrl);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: GIVE_BACK_TEXT.confirm }).click();
    await expect(page.getByTestId('ticket-given-back')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(`/tickets/${giver.ticketReference}`);
    await expect(page.getByRole('img', { name: /QR code/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: GIVE_BACK_TEXT.link })).toHaveCount(0);
    await expect.poll(() => mailsTo(`giver-${tag}@example.com`, /Your wristbands were given back/).length, { timeout: 20_000 }).toBe(1);
    // Issue 43: sold out, so the mail does not invite a registration the edition cannot take.
    const givenBack = mailsTo(`giver-${tag}@example.com`, /Your wristbands were given back/)[0]!.mail.text ?? '';
    expect(givenBack).not.toContain('If registration is open');
    expect(givenBack).toContain('The festival is fully booked, so you cannot register again now');

    // The offer mail reaches the first (only) waiting person; its link opens the offer.
    await expect.poll(() => mailsTo(waiting, /Wristbands are free for you/).length, { timeout: 20_000 }).toBe(1);
    const text = mailsTo(waiting, /Wristbands are free for you/)[0]!.mail.text ?? '';
    const link = /https?:\/\/\S+\/register\/offer\/\S+/.exec(text)?.[0];
    expect(link, text).toBeTruthy();
    expect(link!.startsWith(`${server.origin}/register/offer/`)).toBe(true);
    await page.goto(link!);
    await expect(page.getByRole('heading', { level: 1, name: OFFER_PAGE_TEXT.title })).toBeVisible();
    await expect(page.getByTestId('offer-wristbands')).toHaveText('1 wristband');
    await expect(page.getByTestId('offer-until')).toContainText('(Lagos time)');
    await expect(page.getByLabel('First name')).toHaveValue('Wale');
    await expect(page.getByLabel('Last name')).toHaveValue('Adeyemi');
    await expectNoAxeViolations(page);
    await page.getByLabel('Phone number').fill('0803 765 4321');
    await page.getByRole('button', { name: OFFER_PAGE_TEXT.submit }).click();
    await expect(page).toHaveURL(/\/registration\/thank-you\?tickets=1&ref=ITN-[A-Z0-9]{6}&t=/);
    const reference = await page.getByTestId('ticket-reference').textContent();
    await expect.poll(() => mailsTo(waiting, new RegExp(`Your ticket ${reference}`)).length, { timeout: 20_000 }).toBe(1);

    // The link is spent: it says so, and offers no form.
    await page.goto(link!);
    await expect(page.getByTestId('offer-refused')).toContainText(WAITING_LIST_MESSAGES.offerUsed);
    await expect(page.getByLabel('Phone number')).toHaveCount(0);
    // A forged link is refused as not valid.
    const forged = new URL(link!);
    const token = forged.searchParams.get('t')!;
    forged.searchParams.set('t', (token[0] === 'A' ? 'B' : 'A') + token.slice(1));
    await page.goto(forged.toString());
    await expect(page.getByTestId('offer-refused')).toContainText(WAITING_LIST_MESSAGES.offerNotFound);
    // Still sold out: the place went to the waiting list, not back to the public.
    await page.goto(`${server.origin}/register`);
    await expect(page.getByRole('heading', { level: 1, name: REGISTER_PAGE_TEXT.soldOutTitle })).toBeVisible();
  });

  /**
   * Issue 43 on the same server: the list staff see, in order, from the dashboard; an admin
   * withdraws an offer and makes one by hand (plain forms, JavaScript on and off), refused while
   * nothing is free; each offer mail says why its places came free; the CSV download.
   */
  test('staff see the waiting list in order; an admin withdraws an offer and offers places by hand; the mails say why; the CSV', async ({ page, request }, testInfo) => {
    const tag = testInfo.project.name;
    const one = `hand-one-${tag}@example.com`;
    const two = `hand-two-${tag}@example.com`;
    const login = await request.post(`${server.origin}/api/auth/login/`, { data: { email: ADMIN.email, password: ADMIN.password } });
    expect(login.status()).toBe(200);
    const bearer = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const edition = async () => {
      const res = await request.get(`${server.origin}/api/admin/edition/`, { headers: bearer });
      expect(res.status()).toBe(200);
      return ((await res.json()) as { data: EditionAdmin }).data;
    };
    // Sold out (the test above leaves it so; alone, fill it), then two people join.
    for (let i = 0; (await edition()).placesTaken < ((await edition()).status.edition.capacity ?? 0) && i < 5; i++) await registerByApi(request, `fill-${i}-${tag}@example.com`);
    for (const [email, name] of [
      [one, 'Hand One'],
      [two, 'Hand Two'],
    ]) {
      const res = await request.post(`${server.origin}/api/forms/waiting-list/`, { data: { name, email, numberOfTickets: 1 } });
      expect(res.status()).toBe(201);
    }
    // An admin opens one more place at /staff/edition: it is offered to the first of them at once.
    const current = await edition();
    const values = editionFormValues(current.status.edition);
    const saved = await request.post(`${server.origin}/api/admin/edition/`, { headers: bearer, data: { ...values, capacity: String(current.status.edition.capacity! + 1) } });
    expect(saved.status()).toBe(200);
    await expect.poll(() => mailsTo(one, /Wristbands are free for you/).length, { timeout: 20_000 }).toBe(1);
    expect(mailsTo(one, /Wristbands are free for you/)[0]!.mail.text).toContain('Good news: the festival’s organisers have opened more places');

    // The dashboard's waiting-list figure leads to the list, in the order people joined.
    await signIn(page, '/staff');
    await page.getByTestId('figure-waiting-list').getByRole('link', { name: WAITING_LIST_TEXT.dashboardLink }).click();
    await expect(page).toHaveURL(/\/staff\/waiting-list$/);
    await expect(page.getByRole('heading', { level: 1, name: WAITING_LIST_TEXT.title })).toBeVisible();
    const row = (name: string) => page.getByTestId('waiting-list-row').filter({ hasText: name });
    const names = await page.getByTestId('waiting-list-row').getByRole('rowheader').allTextContents();
    expect(names.slice(-2)).toEqual(['Hand One', 'Hand Two']);
    await expect(row('Hand One')).toContainText('Offer open');
    await expect(row('Hand One')).toContainText('(more places opened)');
    await expect(row('Hand Two')).toContainText('Waiting');
    await expectNoAxeViolations(page);

    // Withdrawn: Hand One is told; the place goes to the next in line, Hand Two.
    await row('Hand One').getByRole('button', { name: WAITING_LIST_TEXT.withdraw }).click();
    await expect(page.getByTestId('waiting-list-done')).toHaveText(WAITING_LIST_TEXT.done.withdrawn);
    await expect(row('Hand One')).toContainText('Offer withdrawn');
    await expect(row('Hand Two')).toContainText('Offer open');
    await expect.poll(() => mailsTo(one, /offer was withdrawn/).length, { timeout: 20_000 }).toBe(1);
    await expect.poll(() => mailsTo(two, /Wristbands are free for you/).length, { timeout: 20_000 }).toBe(1);
    expect(mailsTo(two, /Wristbands are free for you/)[0]!.mail.text).toContain('Good news: wristbands were given back');

    // Nothing is free: an offer by hand is refused and says why.
    await row('Hand One').getByRole('button', { name: WAITING_LIST_TEXT.offer(1) }).click();
    await expect(page.getByTestId('waiting-list-refused')).toHaveText(WAITING_LIST_TEXT.refused['not-free']);
    // Hand Two's withdrawn too: the place is free, and Hand One is offered it by hand.
    await row('Hand Two').getByRole('button', { name: WAITING_LIST_TEXT.withdraw }).click();
    await expect(page.getByTestId('waiting-list-done')).toHaveText(WAITING_LIST_TEXT.done.withdrawn);
    await row('Hand One').getByRole('button', { name: WAITING_LIST_TEXT.offer(1) }).click();
    await expect(page.getByTestId('waiting-list-done')).toHaveText(WAITING_LIST_TEXT.done.offered);
    await expect(row('Hand One')).toContainText('(by hand)');
    await expect(row('Hand One').getByRole('cell').nth(3)).toHaveText('2');
    await expect.poll(() => mailsTo(one, /Wristbands are free for you/).length, { timeout: 20_000 }).toBe(2);
    expect(mailsTo(one, /Wristbands are free for you/)[1]!.mail.text).toContain('Good news: the festival’s organisers are offering you places from the waiting list');

    // The CSV, in the list's order.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('waiting-list-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^itan-waiting-list-\d{4}-\d\d-\d\d\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toContain('"position","name","email"');
    expect(lines.slice(-2).map((l) => l.split(',').slice(3, 7).join(','))).toEqual([
      `"Hand One","${one}","1","offered"`,
      `"Hand Two","${two}","1","withdrawn"`,
    ]);
  });
});

/** /register outside the window: no form, the reason, and where to go instead. */
const PHASES: Array<{ name: string; env: Record<string, string>; title: string; says: string; link: string }> = [
  {
    name: 'announced',
    env: { FESTIVAL_NOW: '2025-08-01T12:00:00+01:00', REGISTRATION_OPENS_AT: '2025-09-01T09:00' },
    title: REGISTER_PAGE_TEXT.notYetTitle,
    says: EDITION_TEXT.opensOn('2025-09-01T08:00:00.000Z'),
    link: EDITION_TEXT.reminder,
  },
  {
    name: 'closed',
    env: { FESTIVAL_NOW: '2025-10-22T12:00:00+01:00', REGISTRATION_CLOSES_AT: '2025-10-20T00:00' },
    title: REGISTER_PAGE_TEXT.closedTitle,
    says: REGISTRATION_WINDOW_MESSAGES.closed,
    link: EDITION_TEXT.programme,
  },
];
for (const phase of PHASES) {
  test.describe(`/register ${phase.name}`, () => {
    test.describe.configure({ mode: 'default', timeout: 90_000 });
    let own: Server | undefined;
    test.beforeAll(async () => {
      test.setTimeout(120_000);
      own = await startNext({ RATE_LIMIT_MAX: '0', ...phase.env });
    });
    test.afterAll(async () => {
      await stop(own);
    });

    test(`says why there is no form (${phase.name}), axe clean`, async ({ page }) => {
      await page.goto(`${own!.origin}/register`);
      await expect(page.getByRole('heading', { level: 1, name: phase.title })).toBeVisible();
      await expect(page.getByTestId('registration-notice')).toHaveText(phase.says);
      await expect(page.getByRole('main').getByRole('link', { name: phase.link })).toBeVisible();
      await expect(page.getByRole('main').locator('form')).toHaveCount(0);
      await expectNoAxeViolations(page);
    });
  });
}
