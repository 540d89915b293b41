import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

/**
 * Renders the parts the page leaves to `content-visibility: auto` (the footer, the home page's later
 * sections: issue 15), as scrolling to them does. Axe reads colours by hit-testing, and a part not
 * yet rendered has no painted background to hit, so its text would be judged against the page's
 * paper colour. The override changes when those parts are drawn, not how they look.
 */
export async function renderDeferredParts(page: Page): Promise<void> {
  await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
}

/**
 * Axe with the WCAG 2.2 AA tags; 0 violations expected. Axe runs as a script inside the page, which
 * a context with JavaScript disabled cannot do (evaluate never returns). In the no-JS projects the
 * same URL is therefore loaded in a JavaScript-enabled context with every .js file refused: the
 * page stays exactly the server's HTML (nothing hydrates), which is what a no-JS visitor sees.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // A full axe pass takes seconds on a loaded two-core machine.
  test.info().setTimeout(test.info().timeout + 30_000);
  const jsEnabled = test.info().project.use.javaScriptEnabled !== false;
  let target = page;
  const extra = jsEnabled
    ? undefined
    : // The same cookies (a staff session), so a signed-in page is scanned, not the sign-in page.
      await page.context().browser()!.newContext({ viewport: page.viewportSize(), javaScriptEnabled: true, storageState: await page.context().storageState() });
  if (extra) {
    target = await extra.newPage();
    await target.route(/\.js(\?|$)/, (route) => route.abort());
    await target.goto(page.url());
  }
  try {
    await renderDeferredParts(target);
    const results = await new AxeBuilder({ page: target }).withTags(WCAG_TAGS).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  } finally {
    await extra?.close();
  }
}
