import { describe, expect, it } from 'vitest';
import { buildCsp, documentSecurityHeaders, staticSecurityHeaders } from '../../lib/security/headers';
import {
  cookiesTest,
  corpTest,
  corsTest,
  cspTest,
  gradeFor,
  hstsTest,
  parseCsp,
  referrerPolicyTest,
  scan,
  scriptTags,
  sriTest,
  xContentTypeOptionsTest,
  xFrameOptionsTest,
  type ScanInput,
} from './observatory';

const url = 'https://festival.example.org/';

function input(headers: Record<string, string | string[]>, extra: Partial<ScanInput> = {}): ScanInput {
  const h = new Headers();
  for (const [k, v] of Object.entries(headers)) for (const one of [v].flat()) h.append(k, one);
  return { url, headers: h, ...extra };
}

describe('CSP test', () => {
  const csp = (value: string) => cspTest(input({ 'content-security-policy': value })).result;

  it('rewards default-src none (+10) over a default-src self policy without unsafe sources (+5)', () => {
    expect(csp("default-src 'none'; script-src 'self'; object-src 'none'")).toBe('csp-implemented-with-no-unsafe-default-src-none');
    expect(csp("default-src 'self'; object-src 'none'")).toBe('csp-implemented-with-no-unsafe');
  });

  it("penalises unsafe-inline, data: and broad sources in script-src, and a missing object-src", () => {
    expect(csp("default-src 'self'; script-src 'self' 'unsafe-inline'")).toBe('csp-implemented-with-unsafe-inline');
    expect(csp("default-src 'self'; script-src 'self' data:")).toBe('csp-implemented-with-unsafe-inline');
    expect(csp("default-src 'self'; script-src https:")).toBe('csp-implemented-with-unsafe-inline');
    expect(csp("script-src 'self'")).toBe('csp-implemented-with-unsafe-inline'); // object-src falls back to *
  });

  it("ignores unsafe-inline, 'self' and schemes next to a nonce with strict-dynamic", () => {
    expect(csp("default-src 'self'; script-src 'nonce-abc' 'strict-dynamic' 'unsafe-inline' https: 'self'; object-src 'none'")).toBe(
      'csp-implemented-with-no-unsafe',
    );
    expect(csp("default-src 'self'; script-src 'strict-dynamic'; object-src 'none'")).toBe('csp-header-invalid');
  });

  it('penalises unsafe-eval, insecure schemes, and unsafe style sources (0)', () => {
    expect(csp("default-src 'self'; script-src 'self' 'unsafe-eval'")).toBe('csp-implemented-with-unsafe-eval');
    expect(csp("default-src 'self'; connect-src http://api.example.org")).toBe('csp-implemented-with-insecure-scheme');
    expect(csp("default-src 'self'; img-src http://cdn.example.org")).toBe('csp-implemented-with-insecure-scheme-in-passive-content-only');
    expect(csp("default-src 'self'; style-src 'self' 'unsafe-inline'")).toBe('csp-implemented-with-unsafe-inline-in-style-src-only');
  });

  it('treats duplicate directives as invalid, a missing header as not implemented', () => {
    expect(csp("default-src 'self'; default-src 'none'")).toBe('csp-header-invalid');
    expect(cspTest(input({})).result).toBe('csp-not-implemented');
    expect(cspTest(input({ 'content-security-policy-report-only': "default-src 'self'" })).result).toBe(
      'csp-not-implemented-but-reporting-enabled',
    );
  });

  it('parses sources lower-case and empty source lists as none', () => {
    const { csp: parsed } = parseCsp(["Default-Src 'SELF'; img-src"]);
    expect([...(parsed.get('default-src') ?? [])]).toEqual(["'self'"]);
    expect([...(parsed.get('img-src') ?? [])]).toEqual(["'none'"]);
  });
});

describe('cookies test', () => {
  const run = (cookies: string[], hsts = true) => cookiesTest(input({ 'set-cookie': cookies }), hsts);

  it('gives +5 only when every cookie is Secure, sessions HttpOnly, and SameSite is set', () => {
    expect(run([])).toBe('cookies-not-found');
    expect(run(['sessionid=1; Secure; HttpOnly; SameSite=Lax'])).toBe('cookies-secure-with-httponly-sessions-and-samesite');
    expect(run(['theme=dark; Secure'])).toBe('cookies-secure-with-httponly-sessions');
  });

  it('keeps the worst finding', () => {
    expect(run(['theme=dark; SameSite=Lax'])).toBe('cookies-without-secure-flag-but-protected-by-hsts');
    expect(run(['theme=dark; SameSite=Lax'], false)).toBe('cookies-without-secure-flag');
    expect(run(['sessionid=1; Secure; SameSite=Lax'])).toBe('cookies-session-without-httponly-flag');
    expect(run(['sessionid=1; HttpOnly; SameSite=Lax'], false)).toBe('cookies-session-without-secure-flag');
    expect(run(['csrftoken=1; Secure'])).toBe('cookies-anticsrf-without-samesite-flag');
    expect(run(['a=1; Secure; SameSite=Sometimes'])).toBe('cookies-samesite-flag-invalid');
  });
});

describe('the other header tests', () => {
  it('CORS: universal access with credentials is the only penalty', () => {
    const origin = 'https://http-observatory.security.mozilla.org';
    const cors = (h: Record<string, string>) => corsTest(input({}, { corsHeaders: new Headers(h), corsOrigin: origin }));
    expect(cors({})).toBe('cross-origin-resource-sharing-not-implemented');
    expect(cors({ 'access-control-allow-origin': '*' })).toBe('cross-origin-resource-sharing-implemented-with-public-access');
    expect(cors({ 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true' })).toBe(
      'cross-origin-resource-sharing-implemented-with-universal-access',
    );
  });

  it('Referrer-Policy: the last valid token decides', () => {
    expect(referrerPolicyTest(input({ 'referrer-policy': 'strict-origin-when-cross-origin' }))).toBe('referrer-policy-private');
    expect(referrerPolicyTest(input({ 'referrer-policy': 'no-referrer, unsafe-url' }))).toBe('referrer-policy-unsafe');
    expect(referrerPolicyTest(input({ 'referrer-policy': 'bogus' }))).toBe('referrer-policy-header-invalid');
    expect(referrerPolicyTest(input({}))).toBe('referrer-policy-not-implemented');
  });

  it('HSTS: six months (15552000 s) is the line; plain HTTP cannot pass', () => {
    expect(hstsTest(input({ 'strict-transport-security': 'max-age=15552000' }))).toBe('hsts-implemented-max-age-at-least-six-months');
    expect(hstsTest(input({ 'strict-transport-security': 'max-age=86400' }))).toBe('hsts-implemented-max-age-less-than-six-months');
    expect(hstsTest(input({ 'strict-transport-security': 'includeSubDomains' }))).toBe('hsts-header-invalid');
    expect(hstsTest(input({}, { url: 'http://x.example/' }))).toBe('hsts-not-implemented-no-https');
  });

  it('SRI: same-origin scripts need none; foreign scripts without integrity cost points', () => {
    const sri = (body: string) => sriTest(input({ 'content-type': 'text/html; charset=utf-8' }, { body }));
    expect(sri('<p>no scripts</p>')).toBe('sri-not-implemented-but-no-scripts-loaded');
    expect(sri('<script src="/_next/static/a.js" async></script>')).toBe('sri-not-implemented-but-all-scripts-loaded-from-secure-origin');
    expect(sri('<script src="/_next/static/a.js" integrity="sha256-x"></script>')).toBe('sri-implemented-and-all-scripts-loaded-securely');
    expect(sri('<script src="https://cdn.other.net/a.js"></script>')).toBe('sri-not-implemented-but-external-scripts-loaded-securely');
    expect(sri('<script src="//cdn.other.net/a.js"></script>')).toBe('sri-not-implemented-and-external-scripts-not-loaded-securely');
    expect(sriTest(input({ 'content-type': 'application/json' }))).toBe('sri-not-implemented-response-not-html');
    expect(scriptTags(`<script id=x src='/a.js' integrity=sha384-y>`)).toEqual([{ src: '/a.js', integrity: 'sha384-y' }]);
  });

  it('X-Content-Type-Options, X-Frame-Options and CORP', () => {
    expect(xContentTypeOptionsTest(input({ 'x-content-type-options': 'nosniff' }))).toBe('x-content-type-options-nosniff');
    expect(xContentTypeOptionsTest(input({ 'x-content-type-options': 'sniff' }))).toBe('x-content-type-options-header-invalid');
    expect(xFrameOptionsTest(input({}), true)).toBe('x-frame-options-implemented-via-csp');
    expect(xFrameOptionsTest(input({ 'x-frame-options': 'DENY' }), false)).toBe('x-frame-options-sameorigin-or-deny');
    expect(xFrameOptionsTest(input({}), false)).toBe('x-frame-options-not-implemented');
    expect(corpTest(input({ 'cross-origin-resource-policy': 'same-origin' }))).toBe('corp-implemented-with-same-origin');
    expect(corpTest(input({ 'cross-origin-resource-policy': 'nope' }))).toBe('corp-header-invalid');
  });
});

describe('grading', () => {
  it('maps scores to grades like the chart', () => {
    expect(gradeFor(135)).toBe('A+');
    expect(gradeFor(100)).toBe('A+');
    expect(gradeFor(95)).toBe('A');
    expect(gradeFor(84)).toBe('B+');
    expect(gradeFor(-10)).toBe('F');
  });

  it('a bare response scores 100 - 25 (CSP) - 20 (HSTS) - 5 (nosniff) - 20 (XFO) = 30', () => {
    expect(scan(input({ 'content-type': 'text/html' }, { body: '' })).score).toBe(30);
  });

  it('bonuses count only when the penalties alone leave at least 90', () => {
    const headers = {
      'content-security-policy': "default-src 'none'; script-src 'self'; frame-ancestors 'none'",
      'referrer-policy': 'no-referrer',
      'cross-origin-resource-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
    };
    // No HSTS: -20 puts the uncurved score at 80, so the +10/+5/+5/+10 bonuses are dropped.
    expect(scan(input(headers)).score).toBe(80);
    expect(scan(input({ ...headers, 'strict-transport-security': 'max-age=31536000' })).score).toBe(130);
  });

  it("a page's own headers (CSP from buildCsp, the static set and the document set) reach A+", () => {
    const headers: Record<string, string> = { 'content-type': 'text/html', 'content-security-policy': buildCsp('bm9uY2U=') };
    for (const { key, value } of [...staticSecurityHeaders, ...documentSecurityHeaders]) headers[key] = value;
    const result = scan(input(headers, { body: '<script src="/_next/static/chunks/a.js"></script>' }));
    expect(result.grade).toBe('A+');
    expect(result.score).toBeGreaterThanOrEqual(120);
  });
});
