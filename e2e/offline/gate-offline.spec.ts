/**
 * The offline gate (issue 29), in Chromium with the network cut by `context.setOffline`: a gate
 * downloads its list while online, switches to offline by itself, keeps deciding (a signed pass,
 * a typed reference it recognises; refusing a forged pass, a given-back ticket, an unknown
 * reference), queues its admissions and syncs them when the signal returns. Two gates admitting
 * one ticket give one check-in and one duplicate; a sync whose answer was lost counts once.
 * The spec starts its own `next start` on the suite's build. Without JavaScript the gate is the
 * online form (tickets.spec.ts).
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { connectDb, type DbHandle } from '../../backend/db/connect';
import { upsertStaffUser } from '../../backend/auth/queries';
import { expectNoAxeViolations } from '../support/axe-scan';
import { startNext, stop, type Server } from '../support/next-server';

const NORTH = { email: 'north@itan.example', name: 'Ngozi North', password: 'north-gate-password' };
const SOUTH = { email: 'south@itan.example', name: 'Segun South', password: 'south-gate-password' };

let server: Server;
let handle: DbHandle;

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  server = await startNext({ RATE_LIMIT_MAX: '0' });
  handle = connectDb({ sqlitePath: `${server.dataDir}/festival.sqlite` });
  await upsertStaffUser(handle.db, NORTH);
  await upsertStaffUser(handle.db, SOUTH);
});

test.afterAll(async () => {
  await handle?.close();
  await stop(server);
});

interface Ticket {
  reference: string;
  token: string;
  pass: string;
}

let made = 0;
/** A registration through the public API, its ticket link's token, and the gate pass its QR code carries. */
async function ticket(wristbands = 1): Promise<Ticket> {
  made += 1;
  const res = await fetch(`${server.origin}/api/forms/registrations/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ firstName: 'Gate', lastName: `Visitor${made}`, email: `gate-${made}-${Date.now()}@example.com`, phone: '08031234567', numberOfTickets: wristbands, submittedAt: new Date().toISOString() }),
  });
  expect(res.status).toBe(201);
  const { ticketReference: reference, ticketUrl } = (await res.json()) as { ticketReference: string; ticketUrl: string };
  const token = new URL(ticketUrl, server.origin).searchParams.get('t')!;
  const data = (await (await fetch(`${server.origin}/api/tickets/${reference}/?t=${token}`)).json()) as { data: { pass: string } };
  expect(data.data.pass).toMatch(/^ITN2\./);
  return { reference, token, pass: data.data.pass };
}

async function giveBack(t: Ticket) {
  const res = await fetch(`${server.origin}/api/tickets/${t.reference}/cancel/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.origin },
    body: JSON.stringify({ token: t.token }),
  });
  expect(res.status).toBe(200);
}

async function openGate(browser: Browser, staff: typeof NORTH, gateName: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${server.origin}/staff/check-in`);
  await page.locator('main').getByLabel('Email address').fill(staff.email);
  await page.getByLabel('Password').fill(staff.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/staff\/check-in$/, { timeout: 20_000 });
  await expect(page.getByTestId('gate-pack')).toContainText('Ticket list downloaded at', { timeout: 20_000 });
  await page.getByLabel('Gate name').fill(gateName);
  await page.getByRole('button', { name: 'Save' }).click();
  return { context, page };
}

async function check(page: Page, text: string) {
  await page.getByLabel('Ticket reference').fill(text);
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
  return page.getByTestId('check-in-answer');
}

async function goOffline(page: Page) {
  await page.context().setOffline(true);
  await expect(page.getByTestId('gate-connection')).toHaveAttribute('data-online', 'false');
  await expect(page.getByTestId('gate-connection')).toContainText('Offline: this phone decides');
}

async function goOnline(page: Page) {
  await page.context().setOffline(false);
  await expect(page.getByTestId('gate-connection')).toHaveAttribute('data-online', 'true', { timeout: 20_000 });
}

function checkedIn(reference: string) {
  return handle.db.selectFrom('registrations').select(['checked_in_at', 'checked_in_by', 'checked_in_scan']).where('ticket_reference', '=', reference).executeTakeFirstOrThrow();
}

function scansOf(reference: string) {
  return handle.db.selectFrom('gate_scans').selectAll().where('reference', '=', reference).execute();
}

test('offline, a gate keeps deciding from its download, and syncs by itself when the signal returns @js', async ({ browser }) => {
  const pair = await ticket(2);
  const typed = await ticket(1);
  const givenBack = await ticket(1);
  await giveBack(givenBack);

  const { context, page } = await openGate(browser, NORTH, 'North door');
  // Registered after this gate's download: its signed pass proves itself, its typed reference cannot.
  const newer = await ticket(1);
  await expect(page.getByTestId('gate-connection')).toHaveAttribute('data-online', 'true');
  await expectNoAxeViolations(page);

  const countsBefore = (await page.getByTestId('check-in-counts').textContent()) ?? '';
  const [, inBefore, ofBefore] = /Checked in: (\d+) of (\d+) wristbands/.exec(countsBefore) ?? [];
  await goOffline(page);
  let answer = await check(page, pair.pass);
  await expect(answer).toHaveAttribute('data-status', 'admit-offline');
  await expect(answer).toContainText('Hand over 2 wristbands');
  await expect(page.getByTestId('gate-queue')).toHaveAttribute('data-queued', '1');
  // The count moves with the offline admission, at once (issue 41); what may come in stays.
  await expect(page.getByTestId('check-in-counts')).toContainText(`Checked in: ${Number(inBefore) + 2} of ${ofBefore} wristbands`);
  await expectNoAxeViolations(page);

  answer = await check(page, pair.reference);
  await expect(answer).toHaveAttribute('data-status', 'refused-offline');
  await expect(answer).toHaveAttribute('data-reason', 'already-here');
  await expect(answer).toContainText('Do not admit');
  await expectNoAxeViolations(page);

  answer = await check(page, typed.reference.slice(4).toLowerCase());
  await expect(answer).toHaveAttribute('data-status', 'admit-offline');
  await expect(answer).toContainText('Hand over 1 wristband.');

  // A pass with one character of its signature changed, and one for a reference made up.
  const last = pair.pass.at(-1) === 'A' ? 'B' : 'A';
  for (const forged of [`${pair.pass.slice(0, -1)}${last}`, pair.pass.replace(pair.reference.slice(4), 'ZZZZZZ'), pair.pass.replace(/\.2\./, '.9.')]) {
    answer = await check(page, forged);
    await expect(answer).toHaveAttribute('data-reason', 'forged');
    await expect(answer).toContainText('not a genuine festival ticket');
  }
  answer = await check(page, givenBack.pass);
  await expect(answer).toHaveAttribute('data-reason', 'given-back');
  answer = await check(page, givenBack.reference);
  await expect(answer).toHaveAttribute('data-reason', 'given-back');
  answer = await check(page, newer.reference);
  await expect(answer).toHaveAttribute('data-reason', 'unknown');
  await expect(answer).toContainText('may be newer than the last download');
  answer = await check(page, newer.pass);
  await expect(answer).toHaveAttribute('data-status', 'admit-offline');
  await expect(page.getByTestId('gate-queue')).toHaveAttribute('data-queued', '3');
  await expectNoAxeViolations(page);
  // Nothing reached the server while offline.
  expect((await checkedIn(pair.reference)).checked_in_at).toBeNull();

  await goOnline(page);
  await expect(page.getByTestId('gate-queue')).toHaveAttribute('data-queued', '0', { timeout: 20_000 });
  await expect(page.getByTestId('gate-queue')).toContainText('All check-ins synced');
  for (const t of [pair, typed, newer]) {
    const row = await checkedIn(t.reference);
    expect(row.checked_in_by).toBe(NORTH.name);
    expect((await scansOf(t.reference)).map((s) => [s.device_name, Number(s.offline)])).toEqual([['North door', 1]]);
  }
  expect((await checkedIn(givenBack.reference)).checked_in_at).toBeNull();
  // Synced: the server's count, each admission counted once (not the phone's and the server's both).
  await expect(page.getByTestId('check-in-counts')).toContainText(/Checked in: 4 of \d+ wristbands/);

  // Online again, the server answers, with the name.
  answer = await check(page, pair.reference);
  await expect(answer).toHaveAttribute('data-status', 'already');
  await expect(answer).toContainText(`by ${NORTH.name}`);
  await expectNoAxeViolations(page);
  await context.close();
});

test('two gates offline admit one ticket: after both sync, one check-in (the earlier scan) and one duplicate, on both gates and the dashboard @js', async ({ browser }) => {
  const shared = await ticket(3);
  const north = await openGate(browser, NORTH, 'North door');
  const south = await openGate(browser, SOUTH, 'South door');
  const before = (await north.page.getByTestId('check-in-counts').textContent()) ?? '';
  const wristbandsBefore = Number(/Checked in: (\d+)/.exec(before)?.[1]);

  await goOffline(north.page);
  await goOffline(south.page);
  await expect(await check(north.page, shared.pass)).toHaveAttribute('data-status', 'admit-offline');
  await expect(await check(south.page, shared.reference)).toHaveAttribute('data-status', 'admit-offline');

  // The later scan syncs first: for now it is the check-in.
  await goOnline(south.page);
  await expect(south.page.getByTestId('gate-queue')).toHaveAttribute('data-queued', '0', { timeout: 20_000 });
  expect((await checkedIn(shared.reference)).checked_in_by).toBe(SOUTH.name);

  // The earlier scan arrives: it wins; the south door's becomes the duplicate.
  await goOnline(north.page);
  await expect(north.page.getByTestId('gate-queue')).toHaveAttribute('data-queued', '0', { timeout: 20_000 });
  expect((await checkedIn(shared.reference)).checked_in_by).toBe(NORTH.name);
  const scans = await scansOf(shared.reference);
  expect(scans).toHaveLength(2);
  expect((await checkedIn(shared.reference)).checked_in_scan).toBe(scans.find((s) => s.device_name === 'North door')!.id);

  const duplicates = north.page.getByTestId('gate-duplicates');
  await expect(duplicates).toContainText(shared.reference);
  await expect(duplicates).toContainText(`by ${NORTH.name} (North door)`);
  await expect(duplicates).toContainText(`by ${SOUTH.name} (South door)`);
  await expect(north.page.getByTestId('check-in-counts')).toContainText(`Checked in: ${wristbandsBefore + 3} of`);
  await expectNoAxeViolations(north.page);

  // The south door learns it with its next download.
  await south.page.reload();
  await expect(south.page.getByTestId('gate-duplicates')).toContainText(shared.reference, { timeout: 20_000 });
  await expect(south.page.getByTestId('check-in-counts')).toContainText(`Checked in: ${wristbandsBefore + 3} of`);

  // The dashboard: who, where, when.
  await north.page.goto(`${server.origin}/staff`);
  const table = north.page.getByRole('table', { name: /Tickets let in more than once/ });
  await expect(table).toContainText(shared.reference);
  await expect(table).toContainText('North door');
  await expect(table).toContainText('South door');
  await north.context.close();
  await south.context.close();
});

test('a sync whose answer is lost is sent again and counts once @js', async ({ browser }) => {
  const t = await ticket(1);
  const { context, page } = await openGate(browser, NORTH, 'North door');
  await goOffline(page);
  await expect(await check(page, t.pass)).toHaveAttribute('data-status', 'admit-offline');

  // The first sync reaches the server, but its answer never comes back.
  let dropped = 0;
  await page.route(`${server.origin}/staff/check-in`, async (route) => {
    const request = route.request();
    if (dropped === 0 && request.method() === 'POST' && (request.postData() ?? '').includes(t.reference)) {
      dropped += 1;
      await route.fetch();
      return route.abort('connectionreset');
    }
    return route.continue();
  });
  await page.context().setOffline(false);
  await expect.poll(() => dropped, { timeout: 20_000 }).toBe(1);
  await expect.poll(async () => (await scansOf(t.reference)).length).toBe(1);
  await expect(page.getByTestId('gate-queue')).toHaveAttribute('data-queued', '1');

  // The signal flickers: the queue is sent again, the same scan id, and it is one check-in.
  await page.context().setOffline(true);
  await page.context().setOffline(false);
  await expect(page.getByTestId('gate-queue')).toHaveAttribute('data-queued', '0', { timeout: 20_000 });
  expect(await scansOf(t.reference)).toHaveLength(1);
  const audits = await handle.db.selectFrom('audit_log').select('action').where('target_id', '=', t.reference).where('action', '=', 'ticket.check-in').execute();
  expect(audits).toHaveLength(1);
  await context.close();
});

test('an offline admission the server refuses at sync is listed on the phone; an ended session keeps the queue and says so @js', async ({ browser }) => {
  const later = await ticket(1);
  const other = await ticket(2);
  const { context, page } = await openGate(browser, NORTH, 'North door');
  // Given back after this gate's download: offline, the phone still thinks it valid.
  await giveBack(later);
  await goOffline(page);
  await expect(await check(page, later.pass)).toHaveAttribute('data-status', 'admit-offline');
  await expect(await check(page, other.reference)).toHaveAttribute('data-status', 'admit-offline');

  // The session cookie runs out meanwhile (12 hours): the sync is refused, the queue kept. (A session
  // the backend ended, revoked or idle, makes Next refresh the page: the sign-in page, queue kept too.)
  await context.clearCookies();
  await goOnline(page);
  await expect(page.getByRole('alert').filter({ hasText: 'Your session has ended' })).toBeVisible();
  await expect(page.getByTestId('gate-queue')).toHaveAttribute('data-queued', '2');
  await expectNoAxeViolations(page);
  expect(await scansOf(later.reference)).toHaveLength(0);

  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/staff\/login\?next=/);
  // Seen twice in CI under load: the email typed here was gone at submit, as if the sign-in form
  // rendered anew after `fill` (likely a gate call still in flight when the link was followed, whose
  // answer refreshed the route). Let the page settle before typing.
  await page.waitForLoadState('networkidle');
  await page.locator('main').getByLabel('Email address').fill(NORTH.email);
  await page.getByLabel('Password').fill(NORTH.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/staff\/check-in$/, { timeout: 20_000 });
  await expect(page.getByTestId('gate-queue')).toHaveAttribute('data-queued', '0', { timeout: 20_000 });
  const attention = page.getByTestId('gate-attention');
  await expect(attention).toContainText(later.reference);
  await expect(attention).toContainText('was given back');
  await expect(attention).not.toContainText(other.reference);
  expect((await checkedIn(later.reference)).checked_in_at).toBeNull();
  expect((await checkedIn(other.reference)).checked_in_by).toBe(NORTH.name);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: `Dismiss ${later.reference}` }).click();
  await expect(page.getByTestId('gate-attention')).toHaveCount(0);
  await context.close();
});
