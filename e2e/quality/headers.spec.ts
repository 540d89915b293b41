/**
 * Security headers on every route, graded by Mozilla HTTP Observatory's rules
 * (e2e/support/observatory.ts): each must score at least 100 (A+). Also checks the policy's
 * required parts one by one, that the CSP really lets each page's own scripts run (the nonce),
 * the cross-site refusal on state-changing /api requests, and that x-middleware-subrequest cannot
 * skip the proxy. Plain HTTP requests, no browser: cheap enough to run in every project.
 */
import { expect, test, type APIResponse } from '@playwright/test';
import { scan } from '../support/observatory';
import { NON_HTML_RESOURCES, NOT_FOUND_PATH, pageRoutes } from '../support/routes';
import { PATTERN_CACHE_CONTROL, documentSecurityHeaders, staticSecurityHeaders } from '../../lib/security/headers';

const OBSERVATORY_ORIGIN = 'https://http-observatory.security.mozilla.org';

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

/** Problems with the headers every response must carry. */
function headerProblems(route: string, response: APIResponse): string[] {
  const h = response.headers();
  const problems: string[] = [];
  const csp = h['content-security-policy'] ?? '';
  const d = directives(csp);
  const script = d.get('script-src') ?? [];
  if (!csp) problems.push('no Content-Security-Policy');
  for (const [name, value] of [['object-src', "'none'"], ['base-uri', "'none'"], ['frame-ancestors', "'none'"]] as const) {
    if (d.get(name)?.join(' ') !== value) problems.push(`${name} is not ${value}`);
  }
  if (script.some((s) => s === "'unsafe-inline'" || s === "'unsafe-eval'")) problems.push(`script-src allows unsafe sources: ${script.join(' ')}`);
  const nonce = script.some((s) => s.startsWith("'nonce-"));
  // A policy that lets no script run at all (the /api answers') needs no nonce.
  const noScriptAtAll = !d.has('script-src') && d.get('default-src')?.join(' ') === "'none'";
  if (!nonce && csp && !noScriptAtAll) problems.push('script-src has no nonce');
  if (nonce && !script.includes("'strict-dynamic'")) problems.push("a nonce policy without 'strict-dynamic'");
  const maxAge = Number(/max-age=(\d+)/.exec(h['strict-transport-security'] ?? '')?.[1] ?? 0);
  if (maxAge < 31_536_000) problems.push(`HSTS max-age ${maxAge} is under a year`);
  if (h['x-content-type-options'] !== 'nosniff') problems.push('no X-Content-Type-Options: nosniff');
  if (!['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'].includes(h['referrer-policy'] ?? '')) {
    problems.push(`Referrer-Policy ${h['referrer-policy']} is not strict`);
  }
  if (!h['permissions-policy']) problems.push('no Permissions-Policy');
  for (const cookie of response.headersArray().filter((x) => x.name.toLowerCase() === 'set-cookie')) {
    if (!/;\s*httponly/i.test(cookie.value)) problems.push(`cookie without HttpOnly: ${cookie.value}`);
    if (!/;\s*samesite=(lax|strict)/i.test(cookie.value)) problems.push(`cookie without SameSite: ${cookie.value}`);
  }
  return problems.map((p) => `${route}: ${p}`);
}

/** Does the CSP let this page's own scripts run? (The request's nonce on each.) */
function scriptsAllowed(route: string, csp: string, html: string): string[] {
  const script = directives(csp).get('script-src') ?? [];
  const nonce = script.find((s) => s.startsWith("'nonce-"))?.slice(7, -1);
  const problems: string[] = [];
  // JSON data blocks (JSON-LD) are never executed, so CSP does not apply to them.
  const tags = [...html.matchAll(/<script\b([^>]*)>/gi)]
    .map((m) => m[1] ?? '')
    .filter((a) => !/\stype\s*=\s*["']?application\/(ld\+)?json/i.test(a));
  if (!nonce) problems.push('no nonce in script-src');
  for (const attributes of tags) {
    if (!attributes.includes(`nonce="${nonce}"`)) problems.push(`a script without the request's nonce: <script${attributes}>`);
  }
  return problems.slice(0, 3).map((p) => `${route}: ${p}`);
}

test('every route scores at least 100 (A+) by the HTTP Observatory rules, with the required headers @nojs', async ({ request, baseURL }) => {
  test.setTimeout(120_000);
  const host = new URL(baseURL!).host;
  const routes = [...(await pageRoutes(request)), NOT_FOUND_PATH, ...NON_HTML_RESOURCES];
  const problems: string[] = [];
  for (const route of routes) {
    // Redirects are followed, as the Observatory does: the final response is graded.
    const response = await request.get(route);
    const cors = await request.get(route, { headers: { Origin: OBSERVATORY_ORIGIN } });
    const body = await response.text();
    const headers = new Headers();
    for (const { name, value } of response.headersArray()) headers.append(name, value);
    const corsHeaders = new Headers();
    for (const { name, value } of cors.headersArray()) corsHeaders.append(name, value);
    // Graded as the public sees it: over HTTPS (TLS ends at the host in front of the app).
    const result = scan({ url: `https://${host}${route}`, headers, body, corsHeaders, corsOrigin: OBSERVATORY_ORIGIN });
    if (result.score < 100) {
      const lost = Object.entries(result.tests)
        .filter(([, t]) => t.modifier < 0)
        .map(([name, t]) => `${name}: ${t.result} (${t.modifier})`);
      problems.push(`${route}: Observatory score ${result.score} (${result.grade}); ${lost.join('; ')}`);
    }
    problems.push(...headerProblems(route, response));
    if ((response.headers()['content-type'] ?? '').includes('text/html')) {
      problems.push(...scriptsAllowed(route, response.headers()['content-security-policy'] ?? '', body));
    }
  }
  expect(problems, problems.join('\n')).toEqual([]);
});

test('scripts and optimised images carry the headers that apply to them, not the document-only ones @nojs', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const script = /<script[^>]+src="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
  const image = /(\/_next\/image\?[^"\s]+)/.exec(html)?.[1]?.replaceAll('&amp;', '&');
  expect(script, 'a framework script on the home page').toBeTruthy();
  expect(image, 'an optimised image on the home page').toBeTruthy();
  for (const path of [script!, image!]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const h = response.headers();
    for (const { key, value } of staticSecurityHeaders) expect(h[key.toLowerCase()], `${path} ${key}`).toBe(value);
    for (const { key } of documentSecurityHeaders) expect(h[key.toLowerCase()], `${path} should not send ${key}`).toBeUndefined();
  }
  // The documents next to them keep every header (the Observatory test grades each route).
  const page = (await request.get('/about')).headers();
  for (const { key, value } of documentSecurityHeaders) expect(page[key.toLowerCase()], `/about ${key}`).toBe(value);
});

test('the adire tiles every page draws are cached, not revalidated on each view @nojs', async ({ request }) => {
  for (const tile of ['/images/patterns/adire-light.svg', '/images/patterns/adire-dark.svg']) {
    const response = await request.get(tile);
    expect(response.status(), tile).toBe(200);
    expect(response.headers()['cache-control'], tile).toBe(PATTERN_CACHE_CONTROL);
  }
});

test('every page gets a fresh nonce on every request @nojs', async ({ request }) => {
  const routes = [...(await pageRoutes(request)), NOT_FOUND_PATH];
  for (const route of routes) {
    const nonces = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const csp = (await request.get(route)).headers()['content-security-policy'] ?? '';
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce, `${route} has no nonce: ${csp}`).toBeTruthy();
      nonces.add(nonce!);
    }
    expect(nonces.size, route).toBe(2);
  }
});

test.describe('state-changing /api requests from another site are refused @nojs', () => {
  const path = '/api/forms/newsletter/';
  const data = { email: 'origin-check@example.com' };

  test('a foreign Origin gets a 403 in the result pattern', async ({ request }) => {
    for (const method of ['post', 'put', 'delete'] as const) {
      const response = await request[method](path, { data, headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' } });
      expect(response.status()).toBe(403);
      expect(await response.json()).toEqual({ success: false, message: 'Cross-site requests are not allowed.', errors: {} });
    }
  });

  test('a cross-site browser request without Origin is refused too', async ({ request }) => {
    const response = await request.post(path, { data, headers: { 'Sec-Fetch-Site': 'cross-site' } });
    expect(response.status()).toBe(403);
  });

  test('same-origin, and server-to-server (no browser headers), go through', async ({ request, baseURL }) => {
    const same = await request.post(path, { data, headers: { Origin: new URL(baseURL!).origin, 'Sec-Fetch-Site': 'same-origin' } });
    expect(same.status()).not.toBe(403);
    const serverToServer = await request.post(path, { data: { email: 'server@example.com' } });
    expect(serverToServer.status()).not.toBe(403);
    // Reading is never refused.
    const read = await request.get('/api/content/hero/', { headers: { Origin: 'https://evil.example' } });
    expect(read.status()).toBe(200);
  });
});

test('x-middleware-subrequest cannot make the proxy step aside @nojs', async ({ request }) => {
  for (const value of ['proxy', 'middleware', 'proxy:proxy:proxy:proxy:proxy', 'src/middleware:src/middleware:src/middleware:src/middleware:src/middleware']) {
    const page = await request.get('/', { headers: { 'x-middleware-subrequest': value } });
    expect(page.headers()['content-security-policy'], value).toMatch(/script-src/);
    const refused = await request.post('/api/forms/newsletter/', {
      data: { email: 'bypass@example.com' },
      headers: { 'x-middleware-subrequest': value, Origin: 'https://evil.example' },
    });
    expect(refused.status(), value).toBe(403);
  }
});
