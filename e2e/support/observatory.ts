/**
 * Mozilla HTTP Observatory scoring (algorithm version 4, github.com/mdn/mdn-http-observatory:
 * src/analyzer/tests/*.js, src/grader/charts.js, src/scanner/index.js), reimplemented so our tests
 * can grade every route of a locally running server. The ten tests and their score modifiers follow
 * the published table; the grading rule too: start at 100, add every modifier, but bonuses only
 * count when the score with penalties alone is at least 90.
 *
 * What a local scan cannot see is passed in: the Observatory connects over HTTPS and plain HTTP
 * itself; we serve plain HTTP on 127.0.0.1 behind a TLS-terminating host, so the response is graded
 * as the HTTPS response, and the HTTP→HTTPS redirection result is an input (default: the hosting's
 * redirect to HTTPS on the same host). The HSTS preload list is not consulted (no bonus claimed).
 */

export type Expectation = keyof typeof SCORE_TABLE;

/** Score modifiers from src/grader/charts.js (SCORE_TABLE). */
export const SCORE_TABLE = {
  // CSP
  'csp-implemented-with-no-unsafe-default-src-none': 10,
  'csp-implemented-with-no-unsafe': 5,
  'csp-implemented-with-unsafe-inline-in-style-src-only': 0,
  'csp-implemented-with-insecure-scheme-in-passive-content-only': -10,
  'csp-implemented-with-unsafe-eval': -10,
  'csp-implemented-with-unsafe-inline': -20,
  'csp-implemented-with-insecure-scheme': -20,
  'csp-header-invalid': -25,
  'csp-not-implemented': -25,
  'csp-not-implemented-but-reporting-enabled': -25,
  'csp-implemented-but-duplicate-directives': 0,
  // Cookies
  'cookies-secure-with-httponly-sessions-and-samesite': 5,
  'cookies-secure-with-httponly-sessions': 0,
  'cookies-not-found': 0,
  'cookies-without-secure-flag-but-protected-by-hsts': -5,
  'cookies-session-without-secure-flag-but-protected-by-hsts': -10,
  'cookies-without-secure-flag': -20,
  'cookies-samesite-flag-invalid': -20,
  'cookies-anticsrf-without-samesite-flag': -20,
  'cookies-session-without-httponly-flag': -30,
  'cookies-session-without-secure-flag': -40,
  // CORS
  'cross-origin-resource-sharing-not-implemented': 0,
  'cross-origin-resource-sharing-implemented-with-public-access': 0,
  'cross-origin-resource-sharing-implemented-with-restricted-access': 0,
  'cross-origin-resource-sharing-implemented-with-universal-access': -50,
  // Redirection
  'redirection-all-redirects-preloaded': 0,
  'redirection-to-https': 0,
  'redirection-not-needed-no-http': 0,
  'redirection-off-host-from-http': -5,
  'redirection-not-to-https-on-initial-redirection': -10,
  'redirection-not-to-https': -20,
  'redirection-missing': -20,
  'redirection-invalid-cert': -20,
  // Referrer-Policy
  'referrer-policy-private': 5,
  'referrer-policy-not-implemented': 0,
  'referrer-policy-unsafe': -5,
  'referrer-policy-header-invalid': -5,
  // HSTS
  'hsts-preloaded': 5,
  'hsts-implemented-max-age-at-least-six-months': 0,
  'hsts-implemented-max-age-less-than-six-months': -10,
  'hsts-not-implemented': -20,
  'hsts-header-invalid': -20,
  'hsts-not-implemented-no-https': -20,
  'hsts-invalid-cert': -20,
  // SRI
  'sri-implemented-and-all-scripts-loaded-securely': 5,
  'sri-implemented-and-external-scripts-loaded-securely': 5,
  'sri-not-implemented-response-not-html': 0,
  'sri-not-implemented-but-no-scripts-loaded': 0,
  'sri-not-implemented-but-all-scripts-loaded-from-secure-origin': 0,
  'sri-not-implemented-but-external-scripts-loaded-securely': -5,
  'sri-implemented-but-external-scripts-not-loaded-securely': -20,
  'sri-not-implemented-and-external-scripts-not-loaded-securely': -50,
  // X-Content-Type-Options
  'x-content-type-options-nosniff': 0,
  'x-content-type-options-not-implemented': -5,
  'x-content-type-options-header-invalid': -5,
  // X-Frame-Options
  'x-frame-options-implemented-via-csp': 5,
  'x-frame-options-sameorigin-or-deny': 0,
  'x-frame-options-allow-from-origin': 0,
  'x-frame-options-not-implemented': -20,
  'x-frame-options-header-invalid': -20,
  // CORP
  'corp-header-invalid': -5,
  'corp-implemented-with-cross-origin': 0,
  'corp-implemented-with-same-origin': 10,
  'corp-implemented-with-same-site': 10,
  'corp-not-implemented': 0,
} as const;

export const MINIMUM_SCORE_FOR_EXTRA_CREDIT = 90;

export interface HeaderSource {
  get(name: string): string | null;
  /** Every Set-Cookie line (Headers#getSetCookie); optional for sources that lack it. */
  getSetCookie?: () => string[];
}

export interface ScanInput {
  /** The page's URL as the public sees it (https in production). */
  url: string;
  headers: HeaderSource;
  /** The response body when it is HTML (for the SRI test). */
  body?: string;
  /** Headers of the response to the same URL requested with `Origin: https://http-observatory.security.mozilla.org`. */
  corsHeaders?: HeaderSource;
  corsOrigin?: string;
  /** The result of the HTTP→HTTPS redirection test, which only the hosting layer can show. */
  redirection?: Extract<Expectation, `redirection-${string}`>;
}

export interface TestResult {
  result: Expectation;
  modifier: number;
}

export interface ScanResult {
  score: number;
  grade: string;
  tests: Record<string, TestResult>;
}

const DANGEROUSLY_BROAD = new Set(['ftp:', 'http:', 'https:', '*', 'http://*', 'http://*.*', 'https://*', 'https://*.*']);
const UNSAFE_INLINE = new Set(["'unsafe-inline'", 'data:']);
const BROAD_OR_UNSAFE = new Set([...DANGEROUSLY_BROAD, ...UNSAFE_INLINE]);
const NONCES_HASHES = ["'sha256-", "'sha384-", "'sha512-", "'nonce-"];
const ALLOWED_DUPLICATES = new Set(['report-uri', 'report-to']);

type Csp = Map<string, Set<string>>;

/** Parses one or more policies like the Observatory's cspParser (duplicates throw, sources lower-cased). */
export function parseCsp(policies: string[]): { csp: Csp; duplicateWarnings: boolean } {
  const csp: Csp = new Map();
  let duplicateWarnings = false;
  policies.forEach((raw, index) => {
    const policy = raw.replace(/[\r\n]/g, '').trim();
    if (policy.length < 'img-src'.length - 1) throw new Error(`Invalid policy: ${policy}`);
    const seen = new Set<string>();
    for (const entry of policy.split(';')) {
      const [first, ...values] = entry.trim().split(/\s+/);
      if (!first) continue;
      const directive = first.toLowerCase();
      if (seen.has(directive)) {
        if (!ALLOWED_DUPLICATES.has(directive)) throw new Error(`Duplicate directive ${directive}`);
        duplicateWarnings = true;
        continue;
      }
      seen.add(directive);
      const sources = values.map((v) => v.trim().toLowerCase()).filter(Boolean);
      if (sources.length === 0 && directive.endsWith('-src')) sources.push("'none'");
      // A later policy can only narrow an earlier one: keep the sources both allow.
      if (index > 0 && csp.has(directive)) {
        const previous = csp.get(directive) ?? new Set<string>();
        const both = sources.filter((s) => previous.has(s));
        csp.set(directive, new Set(both.length ? both : ["'none'"]));
      } else {
        csp.set(directive, new Set(sources));
      }
    }
  });
  return { csp, duplicateWarnings };
}

const hasNonceOrHash = (sources: Iterable<string>) =>
  [...sources].some((s) => NONCES_HASHES.some((prefix) => s.startsWith(prefix)));

function splitPolicies(value: string | null): string[] {
  return value ? value.split(',').map((s) => s.trim()) : [];
}

export function cspTest(input: ScanInput): { result: Expectation; frameAncestors: boolean } {
  const header = input.headers.get('content-security-policy');
  const policies = splitPolicies(header);
  if (policies.length === 0) {
    return {
      result: input.headers.get('content-security-policy-report-only')
        ? 'csp-not-implemented-but-reporting-enabled'
        : 'csp-not-implemented',
      frameAncestors: false,
    };
  }
  let parsed: ReturnType<typeof parseCsp>;
  try {
    parsed = parseCsp(policies);
  } catch {
    return { result: 'csp-header-invalid', frameAncestors: false };
  }
  const { csp } = parsed;
  const https = new URL(input.url).protocol === 'https:';
  const fallback = (name: string) => new Set(csp.get(name) ?? csp.get('default-src') ?? ['*']);
  const objectSrc = fallback('object-src');
  const scriptSrc = fallback('script-src');
  const styleSrc = fallback('style-src');
  let result: Expectation | null = null;

  for (const list of [scriptSrc, styleSrc]) {
    if (hasNonceOrHash(list)) list.delete("'unsafe-inline'");
  }
  if (hasNonceOrHash(scriptSrc) && scriptSrc.has("'strict-dynamic'")) {
    for (const s of [...scriptSrc]) {
      if ([...DANGEROUSLY_BROAD].some((b) => s.startsWith(b)) || s === "'self'" || s === "'unsafe-inline'") {
        scriptSrc.delete(s);
      }
    }
  } else if (scriptSrc.has("'strict-dynamic'")) {
    result = 'csp-header-invalid';
  }

  const passive = new Set(['img-src', 'media-src']);
  const active = [...csp.entries()]
    .filter(([d]) => !passive.has(d) && d !== 'script-src')
    .flatMap(([, s]) => [...s])
    .concat([...scriptSrc]);
  const passiveSources = [...passive].flatMap((d) => [...(csp.get(d) ?? csp.get('default-src') ?? [])]);
  const insecure = (s: string) => s.startsWith('http:') || s.startsWith('ftp:');

  if ([...scriptSrc].some((s) => BROAD_OR_UNSAFE.has(s)) || [...objectSrc].some((s) => DANGEROUSLY_BROAD.has(s))) {
    result ??= 'csp-implemented-with-unsafe-inline';
  }
  if (https && active.some(insecure)) result ??= 'csp-implemented-with-insecure-scheme';
  if (scriptSrc.has("'unsafe-eval'") || styleSrc.has("'unsafe-eval'")) result ??= 'csp-implemented-with-unsafe-eval';
  if (https && passiveSources.some(insecure)) result ??= 'csp-implemented-with-insecure-scheme-in-passive-content-only';
  if ([...styleSrc].some((s) => BROAD_OR_UNSAFE.has(s))) result ??= 'csp-implemented-with-unsafe-inline-in-style-src-only';
  const defaultSrc = csp.get('default-src');
  if (defaultSrc?.has("'none'") && defaultSrc.size === 1) result ??= 'csp-implemented-with-no-unsafe-default-src-none';
  else result ??= 'csp-implemented-with-no-unsafe';

  const passing: Expectation[] = [
    'csp-implemented-with-no-unsafe',
    'csp-implemented-with-no-unsafe-default-src-none',
    'csp-implemented-with-unsafe-inline-in-style-src-only',
    'csp-implemented-with-insecure-scheme-in-passive-content-only',
  ];
  if (passing.includes(result) && parsed.duplicateWarnings) result = 'csp-implemented-but-duplicate-directives';
  return { result, frameAncestors: csp.has('frame-ancestors') };
}

interface ParsedCookie {
  name: string;
  secure: boolean;
  httpOnly: boolean;
  /** undefined when absent; the raw value otherwise. */
  sameSite: string | undefined;
}

export function parseSetCookie(line: string): ParsedCookie {
  const [pair = '', ...attributes] = line.split(';');
  const name = pair.split('=')[0]?.trim() ?? '';
  const cookie: ParsedCookie = { name, secure: false, httpOnly: false, sameSite: undefined };
  for (const attribute of attributes) {
    const [key = '', ...rest] = attribute.trim().split('=');
    const k = key.trim().toLowerCase();
    if (k === 'secure') cookie.secure = true;
    else if (k === 'httponly') cookie.httpOnly = true;
    else if (k === 'samesite') cookie.sameSite = rest.join('=').trim();
  }
  return cookie;
}

/** Keeps the worse of two results, by the order of `goodness` (later is worse). */
function onlyIfWorse<T extends string>(next: T, current: T | null, goodness: readonly T[]): T {
  if (current === null) return next;
  return goodness.indexOf(next) > goodness.indexOf(current) ? next : current;
}

export function cookiesTest(input: ScanInput, hstsPasses: boolean): Expectation {
  const lines = input.headers.getSetCookie?.() ?? [];
  const goodness = [
    'cookies-without-secure-flag-but-protected-by-hsts',
    'cookies-without-secure-flag',
    'cookies-session-without-secure-flag-but-protected-by-hsts',
    'cookies-samesite-flag-invalid',
    'cookies-anticsrf-without-samesite-flag',
    'cookies-session-without-httponly-flag',
    'cookies-session-without-secure-flag',
  ] as const;
  type Bad = (typeof goodness)[number];
  let result: Bad | null = null;
  const cookies = lines.map(parseSetCookie).filter((c) => c.name && c.name !== 'heroku-session-affinity');
  for (const line of lines) {
    const sameSite = parseSetCookie(line).sameSite;
    if (sameSite !== undefined && !['lax', 'strict', 'none'].includes(sameSite.toLowerCase())) {
      result = onlyIfWorse('cookies-samesite-flag-invalid', result, goodness);
    }
  }
  if (cookies.length === 0) return 'cookies-not-found';
  let missingSameSite = false;
  for (const c of cookies) {
    const lower = c.name.toLowerCase();
    const session = lower.includes('login') || lower.includes('sess');
    const antiCsrf = lower.includes('csrf');
    const validSameSite = c.sameSite && ['lax', 'strict', 'none'].includes(c.sameSite.toLowerCase()) ? c.sameSite : undefined;
    if (!c.secure && validSameSite?.toLowerCase() === 'none') result = onlyIfWorse('cookies-samesite-flag-invalid', result, goodness);
    if (!c.secure) {
      result = onlyIfWorse(hstsPasses ? 'cookies-without-secure-flag-but-protected-by-hsts' : 'cookies-without-secure-flag', result, goodness);
    }
    if (antiCsrf && !validSameSite) result = onlyIfWorse('cookies-anticsrf-without-samesite-flag', result, goodness);
    if (session && !c.secure) {
      result = onlyIfWorse(
        hstsPasses ? 'cookies-session-without-secure-flag-but-protected-by-hsts' : 'cookies-session-without-secure-flag',
        result,
        goodness,
      );
    }
    if (session && !c.httpOnly) result = onlyIfWorse('cookies-session-without-httponly-flag', result, goodness);
    if (!validSameSite) missingSameSite = true;
  }
  if (result) return result;
  return missingSameSite ? 'cookies-secure-with-httponly-sessions' : 'cookies-secure-with-httponly-sessions-and-samesite';
}

export function corsTest(input: ScanInput): Expectation {
  const acao = input.corsHeaders?.get('access-control-allow-origin');
  if (!input.corsHeaders || !acao) return 'cross-origin-resource-sharing-not-implemented';
  const value = acao.slice(0, 256).trim().toLowerCase();
  if (value === '*') return 'cross-origin-resource-sharing-implemented-with-public-access';
  const credentials = input.corsHeaders.get('access-control-allow-credentials');
  if (input.corsOrigin && acao === input.corsOrigin && credentials?.toLowerCase().trim() === 'true') {
    return 'cross-origin-resource-sharing-implemented-with-universal-access';
  }
  return 'cross-origin-resource-sharing-implemented-with-restricted-access';
}

export function referrerPolicyTest(input: ScanInput): Expectation {
  const header = input.headers.get('referrer-policy');
  if (!header) return 'referrer-policy-not-implemented';
  const good = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'];
  const bad = ['origin', 'origin-when-cross-origin', 'unsafe-url', 'no-referrer-when-downgrade'];
  // The last valid token wins, as in browsers.
  const policy = header
    .split(',')
    .map((p) => p.trim().toLowerCase())
    .filter((p) => good.includes(p) || bad.includes(p))
    .at(-1);
  if (policy && good.includes(policy)) return 'referrer-policy-private';
  if (policy && bad.includes(policy)) return 'referrer-policy-unsafe';
  return 'referrer-policy-header-invalid';
}

const SIX_MONTHS = 15_552_000;

export function hstsTest(input: ScanInput): Expectation {
  if (new URL(input.url).protocol !== 'https:') return 'hsts-not-implemented-no-https';
  const header = input.headers.get('strict-transport-security');
  if (!header) return 'hsts-not-implemented';
  const data = header.slice(0, 1024);
  if (data.includes(',')) return 'hsts-header-invalid';
  let maxAge: number | null = null;
  for (const parameter of data.split(';').map((p) => p.trim().toLowerCase())) {
    if (parameter.startsWith('max-age=')) maxAge = Number.parseInt(parameter.slice(8, 128), 10);
  }
  if (maxAge === null || Number.isNaN(maxAge)) return 'hsts-header-invalid';
  return maxAge < SIX_MONTHS ? 'hsts-implemented-max-age-less-than-six-months' : 'hsts-implemented-max-age-at-least-six-months';
}

/** The registrable domain, approximated as the last two labels (enough for our own hosts). */
function siteOf(hostname: string): string {
  return hostname.split('.').slice(-2).join('.');
}

/** `<script ...>` start tags with their attributes (enough for server-rendered HTML). */
export function scriptTags(html: string): Array<{ src: string | undefined; integrity: string | undefined }> {
  const tags = html.match(/<script\b[^>]*>/gi) ?? [];
  return tags.map((tag) => {
    const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
    const pick = (m: RegExpExecArray | null) => (m ? (m[1] ?? m[2] ?? m[3]) : undefined);
    return { src: pick(attr('src')), integrity: pick(attr('integrity')) };
  });
}

export function sriTest(input: ScanInput): Expectation {
  const mime = (input.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
  if (mime && mime !== 'text/html' && mime !== 'application/xhtml+xml') return 'sri-not-implemented-response-not-html';
  const page = new URL(input.url);
  const goodness = [
    'sri-implemented-and-all-scripts-loaded-securely',
    'sri-implemented-and-external-scripts-loaded-securely',
    'sri-implemented-but-external-scripts-not-loaded-securely',
    'sri-not-implemented-but-external-scripts-loaded-securely',
    'sri-not-implemented-and-external-scripts-not-loaded-securely',
    'sri-not-implemented-response-not-html',
  ] as const;
  type Sri = (typeof goodness)[number];
  let result: Sri | null = null;
  let foreign = false;
  const scripts = scriptTags(input.body ?? '');
  for (const { src, integrity } of scripts) {
    if (!src) continue;
    const relativeProtocol = /^\/\/[^/]/.test(src);
    const fullUrl = /^https?:\/\//i.test(src);
    const relativeOrigin = !relativeProtocol && !fullUrl;
    const sameSite = relativeProtocol || relativeOrigin || siteOf(new URL(src).hostname) === siteOf(page.hostname);
    const secureOrigin = relativeOrigin || (sameSite && !relativeProtocol);
    if (!secureOrigin) foreign = true;
    const scheme = fullUrl ? new URL(src).protocol : null;
    const secureScheme = scheme === 'https:' || (relativeOrigin && page.protocol === 'https:');
    if (!secureOrigin) {
      if (integrity && !secureScheme) result = onlyIfWorse('sri-implemented-but-external-scripts-not-loaded-securely', result, goodness);
      else if (!integrity && secureScheme) result = onlyIfWorse('sri-not-implemented-but-external-scripts-loaded-securely', result, goodness);
      else if (!integrity) result = onlyIfWorse('sri-not-implemented-and-external-scripts-not-loaded-securely', result, goodness);
    } else if (integrity && secureScheme && !result) {
      result = 'sri-implemented-and-all-scripts-loaded-securely';
    }
  }
  if (scripts.length === 0) return 'sri-not-implemented-but-no-scripts-loaded';
  if (result) return result;
  return foreign ? 'sri-implemented-and-external-scripts-loaded-securely' : 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin';
}

export function xContentTypeOptionsTest(input: ScanInput): Expectation {
  const header = input.headers.get('x-content-type-options');
  if (!header) return 'x-content-type-options-not-implemented';
  return header.slice(0, 256).trim().toLowerCase() === 'nosniff' ? 'x-content-type-options-nosniff' : 'x-content-type-options-header-invalid';
}

export function xFrameOptionsTest(input: ScanInput, cspHasFrameAncestors: boolean): Expectation {
  if (cspHasFrameAncestors) return 'x-frame-options-implemented-via-csp';
  const header = input.headers.get('x-frame-options');
  if (!header) return 'x-frame-options-not-implemented';
  const xfo = header.slice(0, 1024).trim().toLowerCase();
  if (xfo === 'deny' || xfo === 'sameorigin') return 'x-frame-options-sameorigin-or-deny';
  if (xfo.startsWith('allow-from')) return 'x-frame-options-allow-from-origin';
  return 'x-frame-options-header-invalid';
}

export function corpTest(input: ScanInput): Expectation {
  const header = input.headers.get('cross-origin-resource-policy');
  if (!header) return 'corp-not-implemented';
  switch (header.slice(0, 256).trim().toLowerCase()) {
    case 'same-site':
      return 'corp-implemented-with-same-site';
    case 'same-origin':
      return 'corp-implemented-with-same-origin';
    case 'cross-origin':
      return 'corp-implemented-with-cross-origin';
    default:
      return 'corp-header-invalid';
  }
}

const GRADES: ReadonlyArray<[number, string]> = [
  [100, 'A+'], [90, 'A'], [85, 'A-'], [80, 'B+'], [70, 'B'], [65, 'B-'], [60, 'C+'],
  [50, 'C'], [45, 'C-'], [40, 'D+'], [30, 'D'], [25, 'D-'], [0, 'F'],
];

export function gradeFor(score: number): string {
  const s = Math.max(score, 0);
  return GRADES.find(([min]) => s >= min)?.[1] ?? 'F';
}

/** Runs the ten tests on one response and grades it like the Observatory. */
export function scan(input: ScanInput): ScanResult {
  const csp = cspTest(input);
  const hsts = hstsTest(input);
  const hstsPasses = hsts === 'hsts-implemented-max-age-at-least-six-months' || hsts === 'hsts-preloaded';
  const results: Record<string, Expectation> = {
    'content-security-policy': csp.result,
    cookies: cookiesTest(input, hstsPasses),
    'cross-origin-resource-sharing': corsTest(input),
    redirection: input.redirection ?? 'redirection-to-https',
    'referrer-policy': referrerPolicyTest(input),
    'strict-transport-security': hsts,
    'subresource-integrity': sriTest(input),
    'x-content-type-options': xContentTypeOptionsTest(input),
    'x-frame-options': xFrameOptionsTest(input, csp.frameAncestors),
    'cross-origin-resource-policy': corpTest(input),
  };
  let withBonus = 100;
  let penaltiesOnly = 100;
  const tests: Record<string, TestResult> = {};
  for (const [name, result] of Object.entries(results)) {
    const modifier = SCORE_TABLE[result];
    tests[name] = { result, modifier };
    withBonus += modifier;
    if (modifier < 0) penaltiesOnly += modifier;
  }
  const score = Math.max(penaltiesOnly >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withBonus : penaltiesOnly, 0);
  return { score, grade: gradeFor(score), tests };
}
