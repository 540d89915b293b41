/**
 * Text resize to 200% without loss (WCAG 1.4.4), reflow at 320 CSS px (1.4.10) and
 * prefers-reduced-motion honoured (2.3.3), on every route. Layout does not depend on JavaScript,
 * so zoom runs in the no-JS projects; motion runs with JavaScript (enhancements animate too).
 */
import { expect, test } from '@playwright/test';
import { pageRoutes } from '../support/routes';
import { motionUnderReduce, reflowProblems } from './page-checks';

test('every route reflows at 320 px and survives 200% text size @nojs', async ({ page, request }) => {
  test.setTimeout(180_000);
  const problems: string[] = [];
  for (const route of await pageRoutes(request)) {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(route);
    for (const p of await reflowProblems(page)) problems.push(`${route} at 320 px: ${p}`);
    // Text-only zoom: the root font size doubles (what browsers' "text size" setting does).
    await page.setViewportSize({ width: 640, height: 800 });
    // Set through the CSSOM: an injected <style> would (rightly) be refused by our CSP.
    await page.evaluate(() => document.documentElement.style.setProperty('font-size', '200%', 'important'));
    for (const p of await reflowProblems(page)) problems.push(`${route} at 200% text: ${p}`);
  }
  expect(problems, problems.join('\n')).toEqual([]);
});

test('prefers-reduced-motion: reduce turns animations and transitions off on every route @js', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const problems: string[] = [];
  for (const route of await pageRoutes(request)) {
    await page.goto(route);
    for (const p of await motionUnderReduce(page)) problems.push(`${route}: ${p}`);
  }
  expect(problems, problems.join('\n')).toEqual([]);
});
