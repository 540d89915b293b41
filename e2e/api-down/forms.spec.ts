import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { fillPerson, rowsWhere, uniqueEmail } from '../support/forms';

/**
 * The site with its API unreachable (API_BASE_URL is a closed port): every form says so in the
 * spec's words, and the newsletter shows success and keeps the address in the durable outbox.
 */
// The relay outbox is the `outbox` table (topic 'relay') of the site's own database file.
const outboxFile = (dataDir: string) => path.join(dataDir, 'festival.sqlite');
const downDataDir = () => `${process.env.E2E_DATA_DIR}-down`;

function outboxRows(file: string, email: string) {
  return rowsWhere('outbox', 'recipient', email.toLowerCase(), file);
}

function submitLevelMessage(page: Page) {
  return page.getByRole('alert').filter({ hasText: 'There is a problem' });
}

test('registration shows the spec’s failure message and keeps the answers', async ({ page }, testInfo) => {
  await page.goto('/register');
  await fillPerson(page, uniqueEmail(testInfo, 'down'));
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(submitLevelMessage(page)).toContainText('Registration failed. Please try again.');
  await expect(page.getByLabel('First name')).toHaveValue('Adaeze');
});

test('donation shows the spec’s failure message', async ({ page }, testInfo) => {
  await page.goto('/donations');
  // The festival's backend takes donations: no sandbox notice (issue 43; capabilities().paymentSandbox).
  await expect(page.getByTestId('sandbox-notice')).toHaveCount(0);
  await fillPerson(page, uniqueEmail(testInfo, 'down'));
  await page.getByRole('radio', { name: '₦2,000' }).check();
  await page.getByLabel('Street address').fill('12 Ake Palace Road');
  await page.getByLabel('Town or city').fill('Abeokuta');
  await page.getByLabel('State', { exact: true }).fill('Ogun');
  await page.getByLabel('Postcode').fill('110101');
  await page.getByLabel('Name on card').fill('Adaeze Okafor');
  await page.getByLabel('Card number').fill('4084 0840 8408 4081');
  await page.getByLabel('Expiry date').fill('12/39');
  await page.getByLabel('Security code (CVC)').fill('408');
  await page.getByRole('button', { name: 'Donate' }).click();
  await expect(submitLevelMessage(page)).toContainText('Donation failed. Please try again.');
  await expect(page.getByLabel('Card number')).toHaveValue('');
});

test('the donation thank-you page keeps the spec’s promise with the festival’s backend (issue 43)', async ({ page }) => {
  await page.goto('/donations/thank-you?amount=2000&ref=don-12345');
  await expect(page.getByText(/email confirmation within 24 hours/)).toBeVisible();
  await expect(page.getByText(/processed in 3-5 business days/)).toBeVisible();
  await expect(page.getByTestId('donation-reference')).toHaveText('don-12345');
  await expect(page.getByTestId('sandbox-notice')).toHaveCount(0);
});

test('partnership shows the spec’s failure message', async ({ page }, testInfo) => {
  await page.goto('/partnerships');
  await fillPerson(page, uniqueEmail(testInfo, 'down'));
  await page.getByLabel('Your proposal').fill('A reading tent in every Abeokuta secondary school, the week before the festival.');
  await page.getByRole('button', { name: 'Send proposal' }).click();
  await expect(submitLevelMessage(page)).toContainText('Submission failed. Please try again.');
});

test('volunteer application shows the failure message', async ({ page }, testInfo) => {
  await page.goto('/volunteer/apply');
  await fillPerson(page, uniqueEmail(testInfo, 'down'));
  await page.getByRole('checkbox', { name: 'Exhibition Guide' }).check();
  await page.getByRole('radio', { name: 'Day one only' }).check();
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(submitLevelMessage(page)).toContainText('Submission failed. Please try again.');
});

test('the newsletter shows success and keeps the address in the outbox', async ({ page }, testInfo) => {
  const address = uniqueEmail(testInfo, 'outbox');
  await page.goto('/partnerships/thank-you');
  await page.locator('#newsletter-email').fill(address);
  await page.locator('form#newsletter').getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByTestId('newsletter-status')).toHaveText('Successfully subscribed! Thank you.');
  const rows = outboxRows(outboxFile(downDataDir()), address);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ status: 'pending', kind: 'newsletter', topic: 'relay' });
});

// ---- Delivered later: a site whose backend is down, then comes up on the same port ----

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHttp(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up within ${timeoutMs} ms`);
}

function start(command: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  child.stdout?.resume();
  child.stderr?.resume();
  return child;
}

function stop(child: ChildProcess | undefined): void {
  // Only the processes this test started: their own process group.
  if (child?.pid && child.exitCode === null) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

test('a sign-up made while the backend is down arrives once it is back', async ({ browser }, testInfo) => {
  test.setTimeout(150_000);
  const sitePort = await freePort();
  const apiPort = await freePort();
  const siteData = mkdtempSync(path.join(tmpdir(), 'h5-outbox-site-'));
  const backendData = mkdtempSync(path.join(tmpdir(), 'h5-outbox-backend-'));
  let site: ChildProcess | undefined;
  let backend: ChildProcess | undefined;
  try {
    site = start('npx', ['next', 'start', '-H', '127.0.0.1', '-p', String(sitePort)], {
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      API_BASE_URL: `http://127.0.0.1:${apiPort}`,
      DATA_DIR: siteData,
      SITE_URL: `http://127.0.0.1:${sitePort}`,
      // Short retries so the test sees delivery within seconds; the production default caps at 5 minutes.
      OUTBOX_RETRY_BASE_MS: '500',
      OUTBOX_RETRY_MAX_MS: '2000',
    });
    await waitForHttp(`http://127.0.0.1:${sitePort}/partnerships/thank-you`, 60_000);

    const address = uniqueEmail(testInfo, 'later');
    const context = await browser.newContext({ baseURL: `http://127.0.0.1:${sitePort}` });
    const page = await context.newPage();
    await page.goto('/partnerships/thank-you');
    await page.locator('#newsletter-email').fill(address);
    await page.locator('form#newsletter').getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByTestId('newsletter-status')).toHaveText('Successfully subscribed! Thank you.');
    await context.close();
    expect(outboxRows(outboxFile(siteData), address)).toMatchObject([{ status: 'pending' }]);

    // Let at least one retry fail against the still-closed port, then bring the backend up.
    await expect.poll(() => Number(outboxRows(outboxFile(siteData), address)[0]?.attempts ?? 0), { timeout: 10_000 }).toBeGreaterThan(0);
    backend = start('npx', ['tsx', 'backend/server.ts'], { BACKEND_PORT: String(apiPort), DATA_DIR: backendData, DATABASE_URL: '' });

    const backendDb = path.join(backendData, 'festival.sqlite');
    await expect
      .poll(
        () => {
          if (!existsSync(backendDb)) return 0;
          const db = new Database(backendDb, { readonly: true });
          try {
            const row = db.prepare('SELECT count(*) AS n FROM newsletter_subscriptions WHERE email = ?').get(address.toLowerCase()) as { n: number };
            return row.n;
          } catch {
            return 0; // tables not migrated yet
          } finally {
            db.close();
          }
        },
        { timeout: 60_000, intervals: [500] },
      )
      .toBe(1);
    await expect.poll(() => outboxRows(outboxFile(siteData), address)[0]?.status, { timeout: 10_000 }).toBe('done');
  } finally {
    stop(site);
    stop(backend);
    rmSync(siteData, { recursive: true, force: true });
    rmSync(backendData, { recursive: true, force: true });
  }
});
