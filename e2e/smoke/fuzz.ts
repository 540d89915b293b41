/**
 * The malformed-request pass (issue 32): at least 2,000 requests an attacker's script would send,
 * over every page and every /api path, with bad percent-encodings, broken bodies, odd methods and
 * hostile headers. Every one must get an answer below 500 within the timeout: a 5xx is a crash the
 * visitor sees and a stack trace in the log. Run by e2e/smoke/run.ts against `next start`.
 * Deterministic (a seeded generator): the same run sends the same requests.
 */
import http from 'node:http';
import { EXTRA_PAGES, NON_HTML_RESOURCES, NOT_FOUND_PATH } from '../support/routes';
import { STAFF_FILES, STAFF_PAGES } from '../support/staff-routes';

/** The contract's /api paths (spec §7) and the built-in backend's own, as clients write them. */
export const API_PATHS: readonly string[] = [
  '/api/content/hero/',
  '/api/content/events/',
  '/api/content/programs/',
  '/api/content/podcasts/',
  '/api/content/highlights/',
  '/api/content/highlights/featured/',
  '/api/content/highlights/poetry-under-olumo-august-2025/',
  '/api/content/visit/',
  '/api/content/privacy/',
  '/api/content/contact/',
  '/api/content/donation-policy/',
  '/api/content/event-details/',
  '/api/forms/newsletter/',
  '/api/forms/registrations/',
  '/api/forms/donations/',
  '/api/forms/partnerships/',
  '/api/forms/volunteers/',
  '/api/forms/contact/',
  '/api/forms/ticket-resend/',
  '/api/donations/checkout/',
  '/api/donations/verify/',
  '/api/donations/retry/',
  '/api/payments/paystack/webhook',
  '/api/auth/login/',
  '/api/auth/logout/',
  '/api/auth/me/',
  '/api/auth/register/',
  '/api/admin/dashboard/',
  '/api/admin/reports/',
  '/api/admin/reports/1/',
  '/api/admin/media/',
  '/api/admin/check-ins/',
  '/api/admin/content/hero/',
  '/api/admin/export/registrations/',
  '/api/tickets/ITN-7K3Q9P/',
  '/api/media/1.jpg',
  '/api/newsletter/unsubscribe/',
  '/api/cron/outbox',
];

const BAD_ENCODINGS = ['%ff', '%', '%E0%A4%A', '%C0%AF', '%00', '%ED%A0%80', '%2e%2e%2f', '%%', '%zz', '%F4%90%80%80', '%u0041', '..%2f..%2fetc%2fpasswd'];
const METHODS = ['PUT', 'DELETE', 'PATCH', 'OPTIONS', 'PROPFIND', 'FOO', 'POST', 'GET', 'HEAD'];
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-7',
  'multipart/form-data; boundary=x',
  'multipart/form-data',
  'application/x-www-form-urlencoded',
  'text/plain;charset=UTF-8',
  'text/x-component',
  'application/xml',
  '',
];

/** Bodies that are wrong in every way a parser can be surprised. */
const BODIES: ReadonlyArray<string | Buffer> = [
  'garbage',
  '{"email":',
  '{"email": 123, "first_name": ["a"], "number_of_tickets": "ten"}',
  '[]',
  'null',
  '"just a string"',
  `{"email":"${'a'.repeat(100_000)}@example.org"}`,
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
  '{"email":"a@example.org","email":"b@example.org"}',
  Buffer.from([0x7b, 0x22, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x22, 0x7d]),
  '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n',
  '--x\r\nContent-Disposition: form-data; name="$ACTION_ID_0000"\r\n\r\n\r\n--x--\r\n',
  '--x\r\nContent-Disposition: form-data; name="file"; filename="../../x.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n--x--\r\n',
  'a=%ff&b=%&c',
  '["$K1",{"a":"$@0"}]',
  '["$Q1"]',
  '0:["$","div",null,{}]',
  '',
];

const HOSTILE_HEADERS: ReadonlyArray<Record<string, string>> = [
  { 'next-router-state-tree': 'garbage' },
  { 'next-router-state-tree': '%5B%22%22%2C%7B%7D%5D', rsc: '1' },
  { rsc: '1', 'next-router-prefetch': '1' },
  { rsc: '1', 'next-router-segment-prefetch': '/_tree' },
  { accept: 'text/x-component' },
  { 'next-action': 'garbage' },
  { 'next-action': '0123456789abcdef0123456789abcdef01234567' },
  { 'next-url': '/%ff' },
  { origin: 'null' },
  { origin: 'https://evil.example' },
  { 'sec-fetch-site': 'cross-site' },
  { 'x-forwarded-for': 'garbage, 999.1.1.1, ::ffff:zz' },
  { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'gopher' },
  { cookie: 'authToken=garbage; csrftoken=%ff; __Host-x=%00' },
  { authorization: 'Bearer ' + 'x'.repeat(5_000) },
  { 'idempotency-key': 'k'.repeat(2_000) },
  { 'idempotency-key': '' },
  { range: 'bytes=garbage' },
  { range: 'bytes=999999999-1' },
  { 'if-none-match': '"' + 'x'.repeat(1_000) },
  { 'accept-encoding': 'garbage;q=x' },
  { 'x-middleware-subrequest': 'proxy:proxy:proxy:proxy:proxy' },
  { 'x-middleware-prefetch': '1' },
  { purpose: 'prefetch' },
  {},
];

/** A small seeded generator (mulberry32): the same requests every run. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
}

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

/** Breaks a path's encoding: appended, replacing a segment, or in the query. */
function misencode(path: string, pick: ReturnType<typeof random>): string {
  const bad = pick(BAD_ENCODINGS);
  const [bare, query] = path.split('?');
  switch (pick([0, 1, 2, 3])) {
    case 0:
      return `${bare!.replace(/\/$/, '')}/${bad}${query ? `?${query}` : ''}`;
    case 1:
      return `${bare}?${pick(['q', 't', 'page', 'category', '_rsc', bad])}=${bad}`;
    case 2: {
      const segments = bare!.split('/');
      segments[Math.max(1, segments.length - (bare!.endsWith('/') ? 2 : 1))] = bad;
      return segments.join('/');
    }
    default:
      return `${bare}${bad}`;
  }
}

/** `count` malformed requests over `pages` and API_PATHS. */
export function fuzzRequests(pages: readonly string[], count: number, seed = 32): FuzzRequest[] {
  const pick = random(seed);
  const targets = [...pages, ...API_PATHS, ...API_PATHS.map((p) => p.replace(/\/$/, ''))];
  const requests: FuzzRequest[] = [];
  for (let i = 0; i < count; i += 1) {
    const path = pick(targets);
    const kind = i % 4;
    if (kind === 0) {
      requests.push({ method: pick(['GET', 'POST', 'HEAD']), path: misencode(path, pick), headers: pick(HOSTILE_HEADERS) });
    } else if (kind === 1) {
      const type = pick(CONTENT_TYPES);
      requests.push({ method: 'POST', path, headers: { ...(type ? { 'content-type': type } : {}), ...pick(HOSTILE_HEADERS) }, body: pick(BODIES) });
    } else if (kind === 2) {
      const method = pick(METHODS);
      const hasBody = method !== 'GET' && method !== 'HEAD';
      requests.push({ method, path, headers: { 'content-type': pick(CONTENT_TYPES) || 'text/plain', ...pick(HOSTILE_HEADERS) }, body: hasBody ? pick(BODIES) : undefined });
    } else {
      requests.push({ method: pick(['GET', 'GET', 'POST']), path, headers: { ...pick(HOSTILE_HEADERS), ...pick(HOSTILE_HEADERS) }, body: undefined });
    }
  }
  return requests;
}

export interface FuzzResult {
  sent: number;
  byStatus: Record<string, number>;
  /** Requests answered 5xx, or not answered within the timeout. */
  failures: string[];
}

function send(base: URL, request: FuzzRequest, timeoutMs: number): Promise<number | string> {
  return new Promise((resolve) => {
    const req = http.request(
      { host: base.hostname, port: base.port, method: request.method, path: request.path, headers: request.headers, timeout: timeoutMs, agent: false },
      (res) => {
        // The status is the answer: a server may answer early and close before reading a large body.
        resolve(res.statusCode ?? 0);
        res.resume();
        res.on('error', () => {});
      },
    );
    req.on('timeout', () => {
      req.destroy();
      resolve('timeout');
    });
    // A reset while the body is still being written, with no answer yet: Node's server refuses an
    // unknown method (FOO) by closing the connection after its own 400, which the client may not see.
    req.on('error', (error) => resolve(`error ${(error as NodeJS.ErrnoException).code ?? error.message}`));
    if (request.body !== undefined) req.end(request.body);
    else req.end();
  });
}

/** Sends every request, `concurrency` at a time; a 5xx, a timeout or a dropped connection is a failure. */
export async function fuzzServer(base: string, requests: readonly FuzzRequest[], { concurrency = 8, timeoutMs = 30_000 } = {}): Promise<FuzzResult> {
  const url = new URL(base);
  const byStatus: Record<string, number> = {};
  const failures: string[] = [];
  let next = 0;
  async function worker() {
    while (next < requests.length) {
      const request = requests[next++]!;
      const status = await send(url, request, timeoutMs);
      const key = typeof status === 'number' ? String(status) : status.split(' ')[0]!;
      byStatus[key] = (byStatus[key] ?? 0) + 1;
      if (typeof status !== 'number' || status >= 500) {
        const headers = Object.keys(request.headers).join(',');
        const body = request.body === undefined ? '' : ` body ${JSON.stringify(String(request.body).slice(0, 60))}`;
        failures.push(`${status}: ${request.method} ${request.path.slice(0, 120)} [${headers}]${body}`);
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { sent: requests.length, byStatus, failures };
}

/** Every page the fuzz pass covers: the sitemap's, the extra ones, staff pages and files, a 404. */
export function fuzzPages(fromSitemap: readonly string[]): string[] {
  return [...new Set([...fromSitemap, ...EXTRA_PAGES, ...STAFF_PAGES, ...STAFF_FILES, ...NON_HTML_RESOURCES.filter((p) => !p.startsWith('/api/')), NOT_FOUND_PATH, '/highlights/no-such-report', '/tickets/ITN-7K3Q9P'])];
}
