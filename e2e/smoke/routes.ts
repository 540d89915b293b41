/**
 * The route smoke check, cheap and curl-level: every sitemap route plus the form and thank-you
 * pages answers 200 with its own <title> (never "Page not found"), and unknown reports, events and
 * pages answer 404. Run against a server in each mode by e2e/smoke/run.ts.
 */
import { NOT_FOUND_HEADINGS } from '../../lib/not-found/headings';
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
  '/register/waiting-list/thank-you': 'You are on the waiting list · Ìtàn Festival',
  '/donations/thank-you': 'Thank you for your donation · Ìtàn Festival',
  // Without a Paystack key (or a reference), the page Paystack sends donors back to says it knows no such donation.
  '/donations/return?reference=itan-unknown-reference': 'Your donation · Ìtàn Festival',
  '/partnerships/thank-you': 'Proposal received · Ìtàn Festival',
  '/volunteer/apply/thank-you': 'Application received · Ìtàn Festival',
  '/tickets/resend': 'Send my ticket again · Ìtàn Festival',
  // Issue 29: the tickets this phone keeps offline (the installed app's start page).
  '/tickets/saved': 'Tickets on this phone · Ìtàn Festival',
  '/staff/login': 'Staff sign-in · Ìtàn Festival',
  '/visit': 'Plan your visit · Ìtàn Festival',
  '/programme': 'Programme · Ìtàn Festival',
  // Issue 40 part 3: a filtered programme (an unknown venue: its "No sessions match" view, never a 404) and the speakers.
  '/programme?venue=no-such-venue': 'Programme · Ìtàn Festival',
  '/speakers': 'Speakers and artists · Ìtàn Festival',
  '/contact': 'Contact · Ìtàn Festival',
  '/privacy': 'Privacy notice · Ìtàn Festival',
  '/contact/thank-you': 'Message sent · Ìtàn Festival',
  '/newsletter/unsubscribe/done': 'Unsubscribed · Ìtàn Festival',
  '/newsletter/unsubscribe?email=reader%40example.com&t=AAAAAAAAAAAAAAAAAAAAAA': 'Unsubscribe · Ìtàn Festival',
};

/**
 * Missing slugs of each slug route, and a URL no route serves, with the view each must show. proxy.ts
 * rewrites a missing slug to a URL no route serves (lib/not-found/), so every one of them is a whole
 * server-rendered 404 page, its view in the HTML outside any script (readable with JavaScript off).
 */
export const MISSING_PATHS: Readonly<Record<string, string>> = {
  '/highlights/no-such-report': NOT_FOUND_HEADINGS.report,
  '/events/no-such-programme': NOT_FOUND_HEADINGS.event,
  '/no-such-page': NOT_FOUND_HEADINGS.page,
  '/speakers/no-such-speaker': NOT_FOUND_HEADINGS.page,
  '/programme/1999': NOT_FOUND_HEADINGS.page,
  '/tickets/ITN-7K3Q9P?t=not-the-token': NOT_FOUND_HEADINGS.ticket,
  '/tickets/not-a-reference': NOT_FOUND_HEADINGS.ticket,
  '/a/b/c': NOT_FOUND_HEADINGS.page,
};

/** The HTML a client that runs no script sees: the document without its <script> elements. */
export const withoutScripts = (html: string) => html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '');

/** Whether the HTML, scripts aside, has an <h1> whose text is `heading`. */
export const hasHeading = (html: string, heading: string) =>
  [...withoutScripts(html).matchAll(/<h1\b[^>]*>([^<]*)<\/h1>/g)].some((m) => decode(m[1]!) === heading);

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
  // The contract's paths, written with their trailing slash (spec §7), answer directly.
  const hero = await fetchImpl(new URL('/api/content/hero/', base), { redirect: 'manual', signal: AbortSignal.timeout(60_000) });
  checked += 1;
  const heroType = hero.headers.get('content-type') ?? '';
  if (hero.status !== 200 || !heroType.includes('application/json')) problems.push(`GET /api/content/hero/: ${hero.status} ${heroType}, expected 200 JSON`);
  await hero.arrayBuffer();
  // The health check, for monitors (issue 30): the built-in backend answers it on every host.
  const health = await fetchImpl(new URL('/api/health', base), { redirect: 'manual', signal: AbortSignal.timeout(60_000) });
  checked += 1;
  const healthBody = await health.text();
  if (health.status !== 200 || health.headers.get('cache-control') !== 'no-store' || !healthBody.includes('"status":"ok"')) {
    problems.push(`GET /api/health: ${health.status} ${health.headers.get('cache-control')} ${healthBody.slice(0, 200)}, expected 200 no-store {"status":"ok",...}`);
  }
  const post = await fetchImpl(new URL('/api/forms/newsletter/', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `smoke-${Date.now()}@example.com` }),
    redirect: 'manual',
    signal: AbortSignal.timeout(60_000),
  });
  checked += 1;
  if (post.status !== 200 && post.status !== 201) problems.push(`POST /api/forms/newsletter/: ${post.status} ${await post.text()}`);
  // Pages keep their canonical URL: the slash form redirects to it.
  const slashed = await fetchImpl(new URL('/about/?x=1', base), { redirect: 'manual', signal: AbortSignal.timeout(60_000) });
  checked += 1;
  const location = slashed.headers.get('location') ?? '';
  if (slashed.status !== 308 || new URL(location, base).pathname + new URL(location, base).search !== '/about?x=1') {
    problems.push(`/about/?x=1: ${slashed.status} to ${JSON.stringify(location)}, expected 308 to /about?x=1`);
  }
  await slashed.arrayBuffer();
  for (const [path, heading] of Object.entries(MISSING_PATHS)) {
    const page = await get(path);
    checked += 1;
    if (page.status !== 404) problems.push(`${path}: status ${page.status}, expected 404`);
    if (!/<meta name="robots" content="noindex"/.test(page.body)) problems.push(`${path}: the 404 is not noindex`);
    if (!hasHeading(page.body, heading)) problems.push(`${path}: the 404's HTML, scripts aside, lacks the heading "${heading}"`);
    if (!/<script[^>]+nonce="[^"]+"/.test(page.body)) problems.push(`${path}: the 404's scripts carry no CSP nonce`);
  }
  // Addresses whose percent-encoding does not decode: 400, with the site's security headers.
  for (const path of ['/%ff', '/highlights/%E0%A4', '/api/media/%ff.jpg', '/api/tickets/%ED%A0%80']) {
    const response = await fetchImpl(new URL(path, base), { redirect: 'manual', signal: AbortSignal.timeout(60_000) });
    checked += 1;
    await response.arrayBuffer();
    if (response.status !== 400) problems.push(`${path}: status ${response.status}, expected 400`);
    for (const header of ['content-security-policy', 'x-content-type-options', 'strict-transport-security']) {
      if (!response.headers.get(header)) problems.push(`${path}: the 400 lacks ${header}`);
    }
  }
  return { checked, problems };
}
