/**
 * Valid HTML on every route: the W3C Nu HTML Checker (vnu-jar, on Java) over
 * - the HTML every route serves (the sitemap's pages, the extra pages of e2e/support/routes.ts, a 404 and
 *   a few states: an empty highlights filter, a missing report and event);
 * - the same pages as the browser holds them once JavaScript has run;
 * - the states forms lead to: each form re-rendered with its errors after a submit without
 *   JavaScript (the HTML the server sends back) and with JavaScript (the page as shown), the
 *   footer newsletter's error and success, and a thank-you page reached by a real registration.
 * All documents go through ONE java run (the JVM is slow to start). Any error fails the test and
 * is printed with the route (or state), the line and the checker's message.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { z } from 'zod';
import { NOT_FOUND_PATH, pageRoutes } from '../support/routes';

const VNU_JAR = String(createRequire(import.meta.url)('vnu-jar'));

/** Pages in states the sitemap does not list. */
const STATE_PAGES = ['/highlights?category=partnership', '/highlights/no-such-report', '/events/no-such-event', '/speakers/no-such-speaker', '/programme/1999'];

/** Each form page, and a submit that fails validation (everything left empty). */
const FORM_PAGES = ['/register', '/donations', '/partnerships', '/volunteer/apply'];

interface Doc {
  label: string;
  html: string;
}

const vnuOutput = z.object({
  messages: z.array(
    z.object({
      type: z.string(),
      subType: z.string().optional(),
      url: z.string().optional(),
      lastLine: z.number().optional(),
      message: z.string(),
      extract: z.string().optional(),
    }),
  ),
});

/**
 * A DOM snapshot is not a byte stream: where React left <meta charset> among the head's children
 * (after scripts it inserted, on a client-rendered 404) says nothing about encoding sniffing, which
 * the "as served" copy of the same route checks. The snapshot gets it first in <head>.
 */
function charsetFirst(html: string): string {
  const meta = /<meta charset="[^"]*">/i.exec(html)?.[0];
  if (!meta) return html;
  return html.replace(meta, '').replace(/<head([^>]*)>/i, (head) => `${head}${meta}`);
}

/** Runs the checker once over every document; returns "label, line N: message" for each error. */
async function validate(docs: Doc[]): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'festival-vnu-'));
  try {
    const files = docs.map((doc, i) => {
      const file = path.join(dir, `doc-${String(i).padStart(3, '0')}.html`);
      fs.writeFileSync(file, doc.html);
      return file;
    });
    // vnu reports on stderr; --exit-zero-always because the errors are what we read, not the code.
    const { stderr } = await promisify(execFile)('java', ['-jar', VNU_JAR, '--format', 'json', '--exit-zero-always', ...files], {
      maxBuffer: 64 * 1024 * 1024,
    });
    const byFile = new Map(files.map((file, i) => [path.basename(file), docs[i]!.label]));
    return vnuOutput
      .parse(JSON.parse(stderr))
      .messages.filter((m) => m.type === 'error' || m.type === 'non-document-error' || m.subType === 'fatal')
      .map((m) => {
        const label = byFile.get(path.basename(m.url ?? '')) ?? m.url ?? '(checker)';
        return `${label}, line ${m.lastLine ?? '?'}: ${m.message}${m.extract ? `  [${m.extract.trim().slice(0, 120)}]` : ''}`;
      });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The document the next navigation brings back, as the server sent it. */
async function servedOn(page: Page, act: () => Promise<unknown>, match: (url: URL) => boolean = () => true): Promise<string> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().resourceType() === 'document' && r.status() < 300 && match(new URL(r.url()))),
    act(),
  ]);
  return response.text();
}

async function noJsPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  return context.newPage();
}

test('every route, and every state a form leads to, is valid HTML (W3C Nu checker) @js', async ({ page, request, browser }) => {
  // One test, every route twice and one JVM: a ceiling for a loaded CI machine (it took over 240 s there).
  test.setTimeout(600_000);
  const docs: Doc[] = [];
  const routes = [...(await pageRoutes(request)), NOT_FOUND_PATH, ...STATE_PAGES];

  // As served, and as the browser holds it once the page's JavaScript has run.
  for (const route of routes) {
    const served = await request.get(route);
    docs.push({ label: `${route} (as served, HTTP ${served.status()})`, html: await served.text() });
    await page.goto(route, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    docs.push({ label: `${route} (after JavaScript)`, html: charsetFirst(await page.content()) });
  }

  // Forms with their errors: without JavaScript, the page the server renders again...
  const plain = await noJsPage(browser);
  for (const route of FORM_PAGES) {
    await plain.goto(route);
    const html = await servedOn(plain, () => plain.locator('main form button[type="submit"]').click());
    expect(html, `${route}: the re-rendered form shows its errors`).toContain('There is a problem');
    docs.push({ label: `${route} (errors, submitted without JavaScript)`, html });
  }
  // ...and with JavaScript, the page as the visitor sees it after the failed submit.
  for (const route of FORM_PAGES) {
    await page.goto(route);
    await page.locator('main form button[type="submit"]').click();
    await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeVisible();
    docs.push({ label: `${route} (errors, with JavaScript)`, html: await page.content() });
  }

  // The footer newsletter: an error and a success, without JavaScript.
  await plain.goto('/about');
  await plain.locator('#newsletter-email').fill('not-an-address');
  docs.push({ label: '/about (newsletter error, without JavaScript)', html: await servedOn(plain, () => plain.locator('#newsletter button[type="submit"]').click()) });
  await plain.locator('#newsletter-email').fill(`vnu-${Date.now()}@example.com`);
  docs.push({ label: '/about (newsletter success, without JavaScript)', html: await servedOn(plain, () => plain.locator('#newsletter button[type="submit"]').click()) });

  // A thank-you page as a real registration reaches it.
  await plain.goto('/register');
  await plain.getByLabel('First name').fill('Valid');
  await plain.getByLabel('Last name').fill('Markup');
  await plain.locator('main').getByLabel('Email address').fill(`vnu-register-${Date.now()}@example.com`);
  await plain.getByLabel('Phone number').fill('0803 123 4567');
  docs.push({
    label: '/registration/thank-you (after a registration)',
    html: await servedOn(plain, () => plain.locator('main form button[type="submit"]').click(), (url) => url.pathname === '/registration/thank-you'),
  });
  await plain.context().close();

  const errors = await validate(docs);
  expect(errors, `${errors.length} HTML error(s) in ${docs.length} documents:\n${errors.join('\n')}`).toEqual([]);
});
