/**
 * The strict CSP never blocks the site's own code: every route, loaded in a real browser with
 * JavaScript on, reports 0 `securitypolicyviolation` events, and the page hydrates (React's
 * scripts ran: a client-side link navigation works). The same check runs under `next dev` in
 * e2e/smoke/run.ts.
 */
import { expect, test } from '@playwright/test';
import { recordCspViolations } from '../support/csp-violations';
import { NOT_FOUND_PATH, pageRoutes, shard } from '../support/routes';

const SHARDS = 3;

for (let index = 0; index < SHARDS; index++) {
  test(`no CSP violation on any route, shard ${index + 1}/${SHARDS} @js`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const routes = shard([...(await pageRoutes(request)), NOT_FOUND_PATH, '/highlights/no-such-report'], index, SHARDS);
    const violations = await recordCspViolations(page);
    const found: string[] = [];
    for (const route of routes) {
      await page.goto(route, { waitUntil: 'load' });
      // Hydrated: Next's router is live (it only exists once the page's scripts ran).
      await page.waitForFunction(() => 'next' in window && Boolean((window as { next?: { router?: unknown } }).next?.router));
      found.push(...(await violations()).map((v) => `${route}: ${v}`));
    }
    expect(found, found.join('\n')).toEqual([]);
  });
}
