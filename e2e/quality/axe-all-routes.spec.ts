/**
 * Every route, once per project (phone/desktop × JavaScript on/off): axe with the WCAG 2.2 AA tags
 * and 0 violations, touch targets of at least 24 px, images with intrinsic size and srcset, and no
 * request to another origin (no third-party scripts, fonts or images). The routes come from the
 * running server's sitemap (e2e/support/routes.ts), split into shards so both workers share the scan.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { renderDeferredParts } from '../support/axe-scan';
import { NOT_FOUND_PATH, pageRoutes, shard } from '../support/routes';
import { imageProblems, undersizedTargets } from './page-checks';

const SHARDS = 6;

/**
 * axe needs timers, which do not run in a page with JavaScript disabled. For the no-JS projects it
 * scans a twin page with JavaScript on whose document is the server's HTML with every <script>
 * removed and <noscript> unwrapped: the very DOM a visitor without JavaScript gets.
 */
async function noJsTwin(browser: Browser, page: Page): Promise<Page> {
  const context = await browser.newContext({ viewport: page.viewportSize(), javaScriptEnabled: true });
  const twin = await context.newPage();
  await twin.route('**/*', async (route) => {
    const request = route.request();
    if (request.resourceType() === 'script') return route.abort();
    if (request.resourceType() !== 'document') return route.continue();
    const response = await route.fetch();
    const html = (await response.text())
      .replace(/<script\b[\s\S]*?<\/script>/gi, '')
      .replace(/<\/?noscript>/gi, '');
    return route.fulfill({ response, body: html });
  });
  return twin;
}
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

for (let index = 0; index < SHARDS; index++) {
  test(`axe, touch targets, images and same-origin requests, no CSP refusals on every route (shard ${index + 1}/${SHARDS})`, async ({ page, request, baseURL, browser, javaScriptEnabled }) => {
    test.setTimeout(180_000);
    const axePage = javaScriptEnabled ? page : await noJsTwin(browser, page);
    // The 404 in shard 1 always (appended before sharding, it landed in shard 1 only when the route
    // count was a multiple of 4).
    const routes = [...shard(await pageRoutes(request), index, SHARDS), ...(index === 0 ? [NOT_FOUND_PATH] : [])];
    const origin = new URL(baseURL!).origin;
    const foreign: string[] = [];
    page.on('request', (r) => {
      const url = r.url();
      if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) foreign.push(url);
    });
    // A CSP refusal means the page's own JavaScript did not run: the policy and the page disagree.
    const refused: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) refused.push(`${page.url()}: ${m.text().slice(0, 200)}`);
    });
    const problems: string[] = [];
    for (const route of routes) {
      const response = await page.goto(route, { waitUntil: 'load' });
      const expected = route === NOT_FOUND_PATH ? 404 : 200;
      if (response?.status() !== expected) problems.push(`${route}: HTTP ${response?.status()} (expected ${expected})`);
      if (axePage !== page) await axePage.goto(route, { waitUntil: 'load' });
      await renderDeferredParts(axePage);
      const axe = await new AxeBuilder({ page: axePage }).withTags(WCAG_TAGS).analyze();
      for (const v of axe.violations) {
        const where = v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ');
        problems.push(`${route}: axe ${v.id} (${v.impact}) ${v.help} — ${v.nodes.length}× e.g. ${where}`);
      }
      for (const t of await undersizedTargets(page)) problems.push(`${route}: touch target ${t}`);
      for (const i of await imageProblems(page)) problems.push(`${route}: ${i}`);
    }
    problems.push(...new Set(refused));
    for (const url of new Set(foreign)) problems.push(`request to another origin: ${url}`);
    expect(problems, problems.join('\n')).toEqual([]);
  });
}
