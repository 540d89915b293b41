/**
 * CLS 0 when the web fonts arrive late, as they do on slow mobile data: the page must not move
 * when (or if) they land after the first paint. Lighthouse cannot see this: its observed run is
 * on loopback, where the fonts always arrive before the first paint.
 */
import { expect, test } from '@playwright/test';
import { pageRoutes } from '../support/routes';

const FONT_DELAY_MS = 1_200;

test('no layout shift on any route when the web fonts arrive after the first paint @js', async ({ page, request }) => {
  test.setTimeout(180_000);
  let fontsDelayed = 0;
  await page.route('**/*.woff2', async (route) => {
    fontsDelayed += 1;
    await new Promise((resolve) => setTimeout(resolve, FONT_DELAY_MS));
    await route.continue();
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: string[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] })[]) {
        if (entry.hadRecentInput || entry.value === 0) continue;
        const nodes = (entry.sources ?? []).map((s) => (s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${s.node.className}` : s.node?.nodeName ?? '?'));
        w.__shifts.push(`${entry.value.toFixed(3)} (${nodes.join(', ')})`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });

  const problems: string[] = [];
  for (const route of await pageRoutes(request)) {
    await page.goto(route, { waitUntil: 'load' });
    // The delayed fonts, requested by the first layout, have landed by "load"; give layout a frame or two.
    await page.evaluate(() => document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))));
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts);
    for (const shift of shifts) problems.push(`${route}: layout shift ${shift}`);
  }
  expect(fontsDelayed, 'no font was requested: the check would prove nothing').toBeGreaterThan(0);
  expect(problems, problems.join('\n')).toEqual([]);
});
