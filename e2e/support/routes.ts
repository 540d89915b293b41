/**
 * The one list of routes the quality checks (axe, headers, JS budget) walk. It is read from the
 * running server's sitemap, so a page that appears in the sitemap is checked without edits here,
 * plus the pages a sitemap leaves out on purpose: the forms' thank-you pages, the form pages
 * themselves, and a 404. Feeds and calendar files are listed separately (they are not HTML).
 */
import type { APIRequestContext } from '@playwright/test';
import { PUBLIC_FORM_PAGES, PUBLIC_THANK_YOU_PAGES } from '../../contract/forms/public-forms';

/** Pages that are not (or need not be) in the sitemap but must meet the same bar. */
export const EXTRA_PAGES: readonly string[] = [
  // Every public form's page and thank-you pages (contract/forms/public-forms.ts); the waiting
  // list's form itself shows on /register when sold out (issue 28).
  ...PUBLIC_FORM_PAGES,
  ...PUBLIC_THANK_YOU_PAGES,
  '/donations/return?reference=itan-unknown-reference',
  '/tickets/resend',
  '/tickets/saved',
  '/staff/login',
  // Issue 16: the newsletter's unsubscribe pages (not indexed).
  '/newsletter/unsubscribe?email=reader%40example.com&t=AAAAAAAAAAAAAAAAAAAAAA',
  '/newsletter/unsubscribe/done',
  // Issue 31: the newsletter's confirmation page (a forged token: the page with its button) and its done page.
  '/newsletter/confirm?email=reader%40example.com&t=AAAAAAAAAAAAAAAAAAAAAA',
  '/newsletter/confirm/done',
  // Issue 40 part 3: the programme filtered (plain links), and its "No sessions match" view.
  '/programme?category=readings',
  '/programme?venue=no-such-venue',
];

/** A path no route serves: the not-found page must be as good as the rest. */
export const NOT_FOUND_PATH = '/this-page-does-not-exist';

/** Non-HTML resources whose headers are graded too. */
export const NON_HTML_RESOURCES: readonly string[] = [
  '/sitemap.xml',
  '/robots.txt',
  '/highlights/feed.xml',
  '/festival.ics',
  '/events/opening-reading-letters-from-ake/calendar.ics',
  '/api/content/hero/',
];

/** Paths from a sitemap document (any host: SITE_URL may differ from the test server's). */
export function pathsFromSitemap(xml: string): string[] {
  const paths: string[] = [];
  for (const match of xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)) {
    try {
      const url = new URL(match[1]!.replace(/&amp;/g, '&'));
      paths.push(`${url.pathname}${url.search}`);
    } catch {
      // A malformed <loc> is the sitemap's bug; the sitemap's own test reports it.
    }
  }
  return paths;
}

function isPage(path: string): boolean {
  // Files by extension (feeds, calendars, images) are not pages.
  return !/\.[a-z0-9]+$/i.test(path.split('?')[0] ?? path);
}

let cached: Promise<string[]> | undefined;

/** Every HTML page to check: the sitemap's pages and EXTRA_PAGES, deduplicated, in a stable order. */
export function pageRoutes(request: APIRequestContext): Promise<string[]> {
  cached ??= (async () => {
    const response = await request.get('/sitemap.xml');
    if (!response.ok()) throw new Error(`/sitemap.xml answered ${response.status()}: the route list needs it`);
    const fromSitemap = pathsFromSitemap(await response.text()).filter(isPage);
    if (!fromSitemap.includes('/')) throw new Error('the sitemap does not list the home page');
    return [...new Set([...fromSitemap, ...EXTRA_PAGES])];
  })();
  return cached;
}

/** The routes of shard `index` of `count`, so a long scan spreads over the workers. */
export function shard<T>(items: readonly T[], index: number, count: number): T[] {
  return items.filter((_, i) => i % count === index);
}
