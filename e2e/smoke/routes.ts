/**
 * The route smoke check, cheap and curl-level: every sitemap route plus the form and thank-you
 * pages answers 200 with its own <title> (never "Page not found"), and unknown reports, events and
 * pages answer 404. Run against a server in each mode by e2e/smoke/run.ts.
 */
import { NOT_FOUND_HEADINGS } from '../../lib/not-found';
import { EXTRA_PAGES, pathsFromSitemap } from '../support/routes';

/** Titles of the fixed routes (reports and events are checked against the sitemap's own list). */
export const FIXED_TITLES: Readonly<Record<string, string>> = {
  '/': 'Ìtàn Book & Arts Festival · Abeokuta',
  '/about': 'About · Ìtàn Festival',
  '/highlights': 'Highlights · Ìtàn Festival',
  '/volunteer': 'Volunteer · Ìtàn Festival',
  '/donations': 'Donate · Ìtàn Festival',
  '/partnerships': 'Partnerships & Collaborations · Ìtàn Festival',
  '/register': 'Register for free tickets · Ìtàn Festival',
  '/annual-festival': 'Annual Festival · Ìtàn Festival',
  '/bi-monthly': 'Bi-Monthly Events · Ìtàn Festival',
  '/literacy-libraries': 'Literacy & Libraries · Ìtàn Festival',
  '/creative-economy': 'Creative Economy · Ìtàn Festival',
  '/volunteer/apply': 'Apply to volunteer · Ìtàn Festival',
  '/registration/thank-you': 'Registration confirmed · Ìtàn Festival',
  '/donations/thank-you': 'Thank you for your donation · Ìtàn Festival',
  '/partnerships/thank-you': 'Proposal received · Ìtàn Festival',
  '/volunteer/apply/thank-you': 'Application received · Ìtàn Festival',
  '/tickets/resend': 'Send my ticket again · Ìtàn Festival',
  '/staff/login': 'Staff sign-in · Ìtàn Festival',
  '/visit': 'Plan your visit · Ìtàn Festival',
  '/programme': 'Programme · Ìtàn Festival',
  '/contact': 'Contact · Ìtàn Festival',
  '/privacy': 'Privacy notice · Ìtàn Festival',
  '/contact/thank-you': 'Message sent · Ìtàn Festival',
  '/newsletter/unsubscribe/done': 'Unsubscribed · Ìtàn Festival',
  '/newsletter/unsubscribe?email=reader%40example.com&t=AAAAAAAAAAAAAAAAAAAAAA': 'Unsubscribe · Ìtàn Festival',
};

export const MISSING_PATHS: readonly string[] = [
  '/highlights/no-such-report',
  '/events/no-such-programme',
  '/no-such-page',
  '/a/b/c',
];

/**
 * A URL no route serves: Next renders the root not-found.tsx as a page, so its 404 carries the view
 * in the HTML in every mode. The other missing paths get their 404 from notFound() in a page, whose
 * HTML is Next's empty error document (the view comes with JavaScript): docs/performance.md, "404s".
 */
export const UNMATCHED_PATH = '/a/b/c';

/** The entities React writes in text and attribute values, back to characters. */
export const decode = (html: string) =>
  html.replace(/&amp;/g, '&').replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>');

export const titleOf = (html: string): string | undefined => {
  const m = /<title>([^<]*)<\/title>/.exec(html);
  return m ? decode(m[1]!) : undefined;
};

export interface SmokeResult {
  checked: number;
  problems: string[];
}

/** Every route of the server at `base`; `fetchImpl` lets a caller add a timeout or headers. */
export async function smokeRoutes(base: string, fetchImpl: typeof fetch = fetch): Promise<SmokeResult> {
  const problems: string[] = [];
  const get = async (path: string) => {
    const response = await fetchImpl(new URL(path, base), { redirect: 'manual', signal: AbortSignal.timeout(60_000) });
    return { status: response.status, type: response.headers.get('content-type') ?? '', body: await response.text() };
  };
  const sitemap = await get('/sitemap.xml');
  if (sitemap.status !== 200 || !sitemap.body.includes('<urlset')) problems.push(`/sitemap.xml: ${sitemap.status}, not a sitemap`);
  const robots = await get('/robots.txt');
  if (robots.status !== 200 || !/Sitemap:/i.test(robots.body)) problems.push(`/robots.txt: ${robots.status}, no Sitemap line`);
  const routes = [...new Set([...pathsFromSitemap(sitemap.body), ...EXTRA_PAGES])];
  for (const path of Object.keys(FIXED_TITLES)) if (!routes.includes(path)) problems.push(`${path}: missing from the sitemap and the extra pages`);
  let checked = 2;
  for (const path of routes) {
    const page = await get(path);
    checked += 1;
    const title = titleOf(page.body);
    const expected = FIXED_TITLES[path];
    if (page.status !== 200) problems.push(`${path}: status ${page.status}`);
    else if (!page.type.includes('text/html')) problems.push(`${path}: content-type ${page.type}`);
    else if (!title || /not found/i.test(title)) problems.push(`${path}: title ${JSON.stringify(title)}`);
    else if (expected && title !== expected) problems.push(`${path}: title ${JSON.stringify(title)}, expected ${JSON.stringify(expected)}`);
    else if (!expected && !title.endsWith('· Ìtàn Festival')) problems.push(`${path}: title ${JSON.stringify(title)} is not a page's own`);
  }
  // Files read at run time and native modules must be there too (the standalone output has only
  // what tracing found): a report's share image (its fonts) and a stored form post (SQLite).
  const report = routes.find((r) => r.startsWith('/highlights/'));
  if (report) {
    const og = await fetchImpl(new URL(`${report}/opengraph-image`, base), { signal: AbortSignal.timeout(60_000) });
    checked += 1;
    if (og.status !== 200 || og.headers.get('content-type') !== 'image/png') problems.push(`${report}/opengraph-image: ${og.status} ${og.headers.get('content-type')}`);
    await og.arrayBuffer();
  } else problems.push('no report in the sitemap');
  const post = await fetchImpl(new URL('/api/forms/newsletter/', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `smoke-${Date.now()}@example.com` }),
    signal: AbortSignal.timeout(60_000),
  });
  checked += 1;
  if (post.status !== 200 && post.status !== 201) problems.push(`POST /api/forms/newsletter/: ${post.status} ${await post.text()}`);
  for (const path of MISSING_PATHS) {
    const page = await get(path);
    checked += 1;
    if (page.status !== 404) problems.push(`${path}: status ${page.status}, expected 404`);
    if (!/<meta name="robots" content="noindex"/.test(page.body)) problems.push(`${path}: the 404 is not noindex`);
    if (path === UNMATCHED_PATH && !page.body.includes(`<h1>${NOT_FOUND_HEADINGS.page}</h1>`)) {
      problems.push(`${path}: the 404's HTML lacks the heading "${NOT_FOUND_HEADINGS.page}"`);
    }
  }
  return { checked, problems };
}
