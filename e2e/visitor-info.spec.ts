import { expect, test, type Page } from '@playwright/test';
import ICAL from 'ical.js';
import { createSigner } from '../backend/kernel/signing';
import { contactInfoFallback } from '../contract/fallbacks/contact';
import { errorSummary, expectFieldError, expectNoAxeViolations, fieldError, rowsWhere, uniqueEmail } from './support/forms';

/**
 * Issue 16: /visit, /programme (by day, per-session .ics), /contact, /privacy, the privacy note
 * beside every submit button, the newsletter's consent wording and its signed unsubscribe (page,
 * RFC 8058 one-click, forged token refused), the phone breadcrumb. Every test here runs with
 * JavaScript on and off (phone projects) unless tagged.
 */

test.describe('/visit', () => {
  test('address, map links without an embedded map, hours on the festival dates, access, FAQ', async ({ page }) => {
    await page.goto('/visit');
    await expect(page.getByRole('heading', { level: 1, name: 'Getting to the festival' })).toBeVisible();
    await expect(page.getByTestId('venue-address')).toContainText('Centenary Hall');
    await expect(page.getByTestId('venue-address')).toContainText('Abeokuta, Ogun State');
    const osm = page.getByRole('link', { name: 'Open the map on OpenStreetMap' });
    await expect(osm).toHaveAttribute('href', /^https:\/\/www\.openstreetmap\.org\/\?mlat=7\.\d+&mlon=3\.\d+#map=17\//);
    await expect(page.getByRole('link', { name: 'Open in your phone’s maps app' })).toHaveAttribute('href', /^geo:7\.\d+,3\.\d+\?q=/);
    await expect(page.locator('iframe')).toHaveCount(0);
    const hours = page.getByTestId('opening-hours').locator('li');
    await expect(hours).toHaveCount(2);
    await expect(hours.first()).toContainText('Friday 24 October 2025');
    await expect(hours.nth(1)).toContainText('Saturday 25 October 2025');
    for (const heading of ['How to get here', 'Parking', 'What to bring', 'Accessibility', 'Frequently asked questions']) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    for (const heading of ['Step-free routes', 'Seating', 'Toilets', 'Quiet space', 'Interpretation', 'Asking for help']) {
      await expect(page.getByRole('heading', { level: 3, name: heading })).toBeVisible();
    }
    await expect(page.getByText(/From Lagos|from Lagos/).first()).toBeVisible();
    // Native <details>: opens without JavaScript.
    const question = page.locator('details').filter({ hasText: 'Can I bring children?' });
    await expect(question.getByText(/Children under 12/)).toBeHidden();
    await question.locator('summary').click();
    await expect(question.getByText(/Children under 12/)).toBeVisible();
    const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t) as Record<string, unknown>);
    expect(ld.find((x) => x['@type'] === 'Place')).toMatchObject({ geo: { '@type': 'GeoCoordinates' }, address: { '@type': 'PostalAddress', addressLocality: 'Abeokuta' } });
  });

  test('event pages at the venue and the registration thank-you page link to it; Event JSON-LD has the full location', async ({ page }) => {
    await page.goto('/events/stories-on-screen');
    await page.getByRole('link', { name: 'Getting there and accessibility' }).click();
    await expect(page).toHaveURL(/\/visit$/);
    await page.goto('/events/stories-on-screen');
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}') as { location: Record<string, unknown> };
    expect(ld.location).toMatchObject({
      '@type': 'Place',
      name: 'Main Hall, Centenary Hall',
      address: { '@type': 'PostalAddress', addressLocality: 'Abeokuta', addressRegion: 'Ogun State', addressCountry: 'NG' },
      geo: { '@type': 'GeoCoordinates' },
    });
    await page.goto('/registration/thank-you');
    await expect(page.getByRole('link', { name: 'Plan your visit' }).first()).toHaveAttribute('href', '/visit');
  });
});

test.describe('/programme', () => {
  test('every session by day and time (Lagos), with room, category, its page and its .ics', async ({ page, request }) => {
    await page.goto('/programme');
    const days = page.getByTestId('programme-day');
    await expect(days).toHaveCount(2);
    await expect(days.first().getByRole('heading', { level: 2 })).toHaveText('Friday 24 October 2025');
    await expect(days.nth(1).getByRole('heading', { level: 2 })).toHaveText('Saturday 25 October 2025');
    await expect(page.getByTestId('programme-session')).toHaveCount(5);
    const first = days.first().getByTestId('programme-session').first();
    await expect(first).toContainText('10:00–11:30');
    await expect(first).toContainText('Readings');
    // The seeded sessions' venue and room (issue 40 part 3: venues are entries).
    await expect(first).toContainText('Centenary Hall, Ake · Main Hall');
    const ics = first.getByRole('link', { name: /Add to calendar/ });
    await expect(ics).toHaveAttribute('href', '/events/opening-reading-letters-from-ake/calendar.ics');
    await expect(page.getByRole('link', { name: 'Add the whole festival to your calendar (.ics)' })).toHaveAttribute('href', '/festival.ics');

    const response = await request.get('/events/opening-reading-letters-from-ake/calendar.ics');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/calendar');
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(await response.text())).getFirstSubcomponent('vevent')!);
    expect(event.summary).toBe('Opening Reading: Letters from Ake');
    expect(event.startDate.toJSDate().toISOString()).toBe('2025-10-24T09:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2025-10-24T10:30:00.000Z');
    expect((await request.get('/events/no-such-session/calendar.ics')).status()).toBe(404);

    await first.getByRole('link', { name: 'Opening Reading: Letters from Ake', exact: true }).click();
    await expect(page).toHaveURL(/\/events\/opening-reading-letters-from-ake$/);
    await expect(page.getByRole('link', { name: 'Add to calendar (.ics)' })).toHaveAttribute('href', '/events/opening-reading-letters-from-ake/calendar.ics');
  });
});

test.describe('/contact', () => {
  test('the built-in details say plainly that they are examples (issue 40)', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByTestId('contact-note')).toHaveText(contactInfoFallback.note!);
    await expect(page.getByRole('link', { name: contactInfoFallback.email })).toHaveAttribute('href', `mailto:${contactInfoFallback.email}`);
  });

  test('an empty submit gets the error summary and each field’s message', async ({ page }) => {
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(errorSummary(page)).toBeVisible();
    await expectFieldError(page, 'name', 'This field is required');
    await expectFieldError(page, 'email', 'This field is required');
    await expect(fieldError(page, 'topic')).toHaveText('Error: Please choose a topic');
    await expectFieldError(page, 'message', 'This field is required');
  });

  test('a short message and bad email keep the answers; a good message is stored and thanked', async ({ page }, testInfo) => {
    await page.goto('/contact');
    await expect(page.getByRole('link', { name: 'Message us on WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+$/);
    await expect(page.getByRole('link', { name: /^hello@/ })).toHaveAttribute('href', /^mailto:/);
    await page.getByLabel('Your name').fill('Bisi Adebayo');
    // The email last: leaving a bad one shows its message (on blur) and moves what is below it.
    await page.getByLabel(/Visiting the festival/).check();
    await page.getByLabel('Your message').fill('Too short');
    await page.locator('main').getByLabel('Email address').fill('bisi.example.ng');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expectFieldError(page, 'email', 'Please enter a valid email address');
    await expectFieldError(page, 'message', 'Minimum 20 characters required');
    await expect(page.getByLabel('Your name')).toHaveValue('Bisi Adebayo');
    await expect(page.getByLabel(/Visiting the festival/)).toBeChecked();

    const email = uniqueEmail(testInfo, 'contact');
    await page.locator('main').getByLabel('Email address').fill(email);
    await page.getByLabel('Your message').fill('Is there step-free access to the Main Hall on Saturday?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page).toHaveURL(/\/contact\/thank-you$/);
    const rows = rowsWhere('contact_messages', 'email', email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Bisi Adebayo', topic: 'visiting' });
    // Issue 43: acknowledged by mail, with the deadline /contact promises (3 Lagos working days).
    expect(rows[0]!.due_at).toEqual(expect.any(String));
    expect(rowsWhere('outbox', 'recipient', email.toLowerCase()).map((r) => r.kind)).toEqual(['contactAck']);
    await expect(page.getByText('A confirmation is on its way to your email address.')).toBeVisible();
  });

  test('in its error state the page has no axe violations @js', async ({ page }) => {
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(errorSummary(page)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('/privacy and consent', () => {
  test('the notice names the controller, each form’s basis and retention, the rights and the NDPC', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy notice' }).first().click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your data, in plain English');
    await expect(page.getByText('Nigeria Data Protection Act 2023', { exact: false }).first()).toBeVisible();
    for (const form of ['Registration (free wristband)', 'Donation', 'Partnership proposal', 'Volunteer application', 'Newsletter', 'Contact form']) {
      await expect(page.getByRole('rowheader', { name: form })).toBeVisible();
    }
    await expect(page.getByText(/Paystack/).first()).toBeVisible();
    await expect(page.getByText(/Nigeria Data Protection Commission \(NDPC\)/)).toBeVisible();
    for (const right of ['(access)', '(correction)', '(erasure)']) await expect(page.getByText(right, { exact: false })).toBeVisible();
  });

  test('every form has the privacy note beside its submit button; the newsletter says what you agree to', async ({ page }) => {
    for (const path of ['/register', '/donations', '/partnerships', '/volunteer/apply', '/contact']) {
      await page.goto(path);
      const note = page.locator('main').getByTestId('privacy-note');
      await expect(note, path).toHaveCount(1);
      await expect(note.getByRole('link', { name: 'How we handle your data' })).toHaveAttribute('href', '/privacy');
    }
    await expect(page.getByTestId('newsletter-consent')).toContainText('By subscribing you agree that we email you festival news about once a month.');
    await expect(page.locator('#newsletter-email')).toHaveAttribute('aria-describedby', /newsletter-consent/);
  });

  test('the donation page states the receipt and refund policy', async ({ page }) => {
    await page.goto('/donations');
    const policy = page.getByTestId('donation-policy');
    await expect(policy.getByRole('heading', { name: 'Receipts and refunds' })).toBeVisible();
    await expect(policy).toContainText('within 24 hours');
    await expect(policy).toContainText('within 30 days');
  });
});

test.describe('newsletter unsubscribe', () => {
  const secret = () => {
    const row = rowsWhere('server_secrets', 'name', 'signing')[0];
    if (!row) throw new Error('the server has not generated its signing secret');
    return createSigner(String(row.value));
  };
  const subscribe = async (page: Page, email: string) => {
    const r = await page.request.post('/api/forms/newsletter/', { data: { email } });
    expect(r.status()).toBe(201);
  };
  const unsubscribedAt = (email: string) => rowsWhere('newsletter_subscriptions', 'email', email)[0]?.unsubscribed_at ?? null;

  test('the signed link shows a confirm button; opening it changes nothing, the button unsubscribes', async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo, 'unsub');
    await subscribe(page, email);
    const t = secret().sign('unsubscribe', email);
    await page.goto(`/newsletter/unsubscribe?email=${encodeURIComponent(email)}&t=${t}`);
    await expect(page.getByTestId('unsubscribe-email')).toHaveText(email);
    expect(unsubscribedAt(email)).toBeNull();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page).toHaveURL(/\/newsletter\/unsubscribe\/done$/);
    await expect(page.getByTestId('unsubscribe-done')).toHaveText('You have been unsubscribed. We will send no more newsletters to this address.');
    expect(String(unsubscribedAt(email))).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  test('a forged token is refused and the address stays subscribed', async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo, 'forged');
    await subscribe(page, email);
    await page.goto(`/newsletter/unsubscribe?email=${encodeURIComponent(email)}&t=${'A'.repeat(22)}`);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByTestId('unsubscribe-error')).toHaveText(
      'This unsubscribe link is not valid. Please use the link in your latest newsletter, or write to us.',
    );
    await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
    expect(unsubscribedAt(email)).toBeNull();
  });

  test('RFC 8058 one-click: a POST to the List-Unsubscribe URL from a mail provider unsubscribes; a GET is sent to the page', async ({ page, baseURL }, testInfo) => {
    const email = uniqueEmail(testInfo, 'oneclick');
    await subscribe(page, email);
    const signer = secret();
    const url = `/api/newsletter/unsubscribe?email=${encodeURIComponent(email)}&t=${signer.sign('unsubscribe', email)}`;
    const get = await page.request.get(url, { maxRedirects: 0 });
    expect(get.status()).toBe(303);
    expect(get.headers().location).toBe(`${baseURL}/newsletter/unsubscribe?email=${encodeURIComponent(email)}&t=${signer.sign('unsubscribe', email)}`);
    expect(unsubscribedAt(email)).toBeNull();
    const forged = await page.request.post(url.replace(/t=[^&]+/, `t=${'B'.repeat(22)}`), { form: { 'List-Unsubscribe': 'One-Click' } });
    expect(forged.status()).toBe(403);
    // A mail provider's POST may come with an Origin of its own: the signed token is what counts.
    const post = await page.request.post(url, { form: { 'List-Unsubscribe': 'One-Click' }, headers: { Origin: 'https://mail.example.com' } });
    expect(post.status()).toBe(200);
    expect(String(unsubscribedAt(email))).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });
});

test('at 390 px the report breadcrumb stays on one line and nothing overflows', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/highlights/reading-rooms-three-schools-2025');
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  const items = crumbs.locator('li');
  const tops = await items.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
  expect(new Set(tops).size, `item tops ${tops.join(', ')}`).toBe(1);
  const box = (await crumbs.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText((await page.getByRole('heading', { level: 1 }).textContent()) ?? '');
});
