/**
 * The malformed-request pass (issue 32): at least 2,000 requests an attacker's script would send,
 * over every page and every /api path, with bad percent-encodings, broken bodies, odd methods and
 * hostile headers. Every one must get an answer below 500 within the timeout: a 5xx is a crash the
 * visitor sees and a stack trace in the log. Run by e2e/smoke/run.ts against `next start`.
 * Deterministic (a seeded generator): the same run sends the same requests.
 */
import http from 'node:http';
import { ENDPOINTS } from '../../contract/api/endpoints';
import { EXTRA_PAGES, NON_HTML_RESOURCES, NOT_FOUND_PATH } from '../support/routes';
import { STAFF_FILES, STAFF_PAGES } from '../support/staff-routes';

/** The public forms' endpoints, from the contract's table (a hand list once named /api/forms/volunteers/, which does not exist). */
const FORM_PATHS = Object.values(ENDPOINTS)
  .map((e) => e.path)
  .filter((path) => path.startsWith('/api/forms/'));

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
  ...FORM_PATHS,
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
  /**
   * Set on a request only the front can answer (TRACE): its 5xx is counted apart, not as a failure.
   * Next cannot answer TRACE at all: it builds a web Request for the proxy and the route handlers,
   * and the Fetch standard forbids that method, so it fails before any code of ours runs. nginx
   * answers it 405 (deploy/nginx/, e2e/nginx.spec.ts).
   */
  frontOnly?: string;
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

/**
 * What the targeted requests below need from the running site: its server actions' ids (they
 * change with each build; read from the pages' forms), a build file's path, a ticket link that
 * opens (for its give-back page) and a staff session (for the staff pages' queries), when the
 * site gives them.
 */
export interface SiteTargets {
  actionIds: string[];
  staticFile?: string;
  ticketPath?: string;
  staffCookie?: string;
}

/** Pages whose forms carry server actions (their ids are read from the HTML). */
const ACTION_PAGES = ['/', '/donations', '/contact', '/register', '/partnerships', '/volunteer/apply', '/tickets/resend', '/staff/login'];

/** Reads the targets from the running site; what it cannot get is left out (and so are its requests). */
export async function discoverTargets(base: string, staff?: { email: string; password: string }): Promise<SiteTargets> {
  const ids = new Set<string>();
  let staticFile: string | undefined;
  for (const page of ACTION_PAGES) {
    const html = await fetch(`${base}${page}`, { signal: AbortSignal.timeout(120_000) })
      .then((r) => r.text())
      .catch(() => '');
    // `$ACTION_ID_<id>` (a plain action) and `"id":"<id>"` in `$ACTION_<n>:0` (a bound one).
    for (const m of html.matchAll(/\$ACTION_ID_([0-9a-f]{16,})/g)) ids.add(m[1]!);
    for (const m of html.matchAll(/&quot;id&quot;:&quot;([0-9a-f]{16,})&quot;/g)) ids.add(m[1]!);
    staticFile ??= /\/_next\/static\/[^"'\s<>?]+\.(?:js|css)/.exec(html)?.[0];
  }
  const targets: SiteTargets = { actionIds: [...ids].sort(), staticFile };
  try {
    // A ticket, registered through the API as a script would (registration may be closed: then none).
    const res = await fetch(`${base}/api/forms/registrations/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `fuzz-${Date.now()}` },
      body: JSON.stringify({ firstName: 'Fuzz', lastName: 'Pass', email: `fuzz-${Date.now()}@example.org`, phone: '+234 801 234 5678', numberOfTickets: 1, submittedAt: new Date().toISOString() }),
      signal: AbortSignal.timeout(60_000),
    });
    const url = ((await res.json()) as { ticketUrl?: unknown }).ticketUrl;
    if (typeof url === 'string' && url.startsWith('/tickets/')) targets.ticketPath = url;
  } catch {
    // no ticket: its give-back page is left out
  }
  if (staff) {
    try {
      const res = await fetch(`${base}/api/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(staff), signal: AbortSignal.timeout(60_000) });
      const token = ((await res.json()) as { token?: unknown }).token;
      if (typeof token === 'string') targets.staffCookie = `authToken=${token}`;
    } catch {
      // no session: the staff pages answer their redirect to sign in
    }
  }
  return targets;
}

/**
 * Issue 42, item 2: server-action arguments React cannot decode (a reference to a part the body
 * does not hold, a kind the site never sends) or of a shape the action does not take (one argument
 * for two, none, a state where the form goes): each was a 500 with a stack trace.
 */
const ACTION_ARGUMENTS = [
  '["$Q1"]', '["$K1"]', '["$B1"]', '["$T"]', '["$n"]', '["$nx"]', '["$A1"]', '["$W1"]', '["$i1"]', '["$h1"]', '["$@1"]', '["$1"]', '["$R1"]',
  '["$X1"]', '["$D"]', '["$S1"]', '["$o1"]', '["$Z"]', '["$0:1"]', '["$0:0:a"]', '[]', '["$undefined"]', '[null,null]', '["x",5]',
  '[{"status":"idle","errors":{},"values":{}},"$K1"]', '["$K1",{"status":"idle"}]', '["$K1","$K1"]', '{}', '"$Q1"', `[${'['.repeat(2_000)}${']'.repeat(2_000)}]`,
];
const ACTION_PATHS = ['/', '/donations', '/staff/check-in'];
const BOUNDARY = 'fuzz42-7Qz0rBoundary';

function multipart(fields: ReadonlyArray<readonly [string, string]>): string {
  return `${fields.map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('')}--${BOUNDARY}--\r\n`;
}

/** Each argument list as the body's text and as multipart field 0 (with JavaScript), and as a bound action's arguments (without). */
export function actionRequests(ids: readonly string[], origin: string): FuzzRequest[] {
  if (ids.length === 0) return [];
  const requests: FuzzRequest[] = [];
  const form = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, origin };
  let n = 0;
  for (const args of ACTION_ARGUMENTS) {
    for (const path of ACTION_PATHS) {
      const id = ids[n++ % ids.length]!;
      requests.push({ method: 'POST', path, headers: { 'next-action': id, 'content-type': 'text/plain;charset=UTF-8', origin }, body: args });
      requests.push({ method: 'POST', path, headers: { 'next-action': id, ...form }, body: multipart([['0', args]]) });
      requests.push({ method: 'POST', path, headers: form, body: multipart([['$ACTION_REF_1', ''], ['$ACTION_1:0', JSON.stringify({ id, bound: '$@1' })], ['$ACTION_1:1', args], ['$ACTION_KEY', 'k0'], ['email', 'fuzz@example.org']]) });
    }
  }
  for (const id of ids) {
    for (const path of ACTION_PATHS) {
      // A plain action's form posted to any action (a `(previous, formData)` one gets the form first), a bound one with none bound, or missing.
      requests.push({ method: 'POST', path, headers: form, body: multipart([[`$ACTION_ID_${id}`, ''], ['email', 'fuzz@example.org']]) });
      requests.push({ method: 'POST', path, headers: form, body: multipart([['$ACTION_REF_1', ''], ['$ACTION_1:0', JSON.stringify({ id, bound: null })], ['$ACTION_KEY', 'k0']]) });
      requests.push({ method: 'POST', path, headers: form, body: multipart([['$ACTION_REF_1', ''], ['$ACTION_1:0', JSON.stringify({ id, bound: '$@1' })]]) });
      requests.push({ method: 'POST', path, headers: { 'next-action': id, ...form }, body: multipart([['_1_email', 'fuzz@example.org']]) });
    }
  }
  return requests;
}

/** Issue 42, item 3: the names every object inherits, as query values and as slugs. */
export const INHERITED_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];
/** Every query key a page reads (?notice= on /donations/return, ?refused= on a give-back page, ?done= on staff pages…). */
const QUERY_KEYS = ['notice', 'done', 'refused', 'error', 'category', 'page', 'kind', 'status', 'overdue', 'confirm', 'saved', 'reset', 'sent', 'tickets', 'ref', 'amount', 'reference', 'trxref', 'next', 'email', 'view', 'q'];

/** Each page with every query key set to each inherited name, and each name as a last path segment. */
export function inheritedNameRequests(pages: readonly string[], targets: SiteTargets): FuzzRequest[] {
  const requests: FuzzRequest[] = [];
  const all = [...pages, ...(targets.ticketPath ? [targets.ticketPath, targets.ticketPath.replace('?', '/cancel?')] : [])];
  for (const page of all) {
    const headers: Record<string, string> = page.startsWith('/staff') && targets.staffCookie ? { cookie: targets.staffCookie } : {};
    const [bare, query] = page.split('?');
    for (const name of INHERITED_NAMES) {
      const search = new URLSearchParams(query);
      for (const key of QUERY_KEYS) search.set(key, name);
      requests.push({ method: 'GET', path: `${bare}?${search.toString()}`, headers });
      requests.push({ method: 'GET', path: `${bare!.replace(/\/$/, '')}/${name}${query ? `?${query}` : ''}`, headers });
    }
  }
  return requests;
}

/** Issue 42, item 7: TRACE anywhere (the front's to refuse), and other methods than GET or HEAD on files. */
export function methodRequests(targets: SiteTargets): FuzzRequest[] {
  const requests: FuzzRequest[] = [];
  for (const path of ['/', '/about', '/donations', '/staff/check-in', '/api/content/hero/', '/sitemap.xml', '/ticket-sw.js', '/images/placeholder.webp', ...(targets.staticFile ? [targets.staticFile] : [])]) {
    requests.push({ method: 'TRACE', path, headers: {}, frontOnly: 'TRACE' });
  }
  const files = ['/ticket-sw.js', '/images/placeholder.webp', '/fonts/space-grotesk-400-normal.woff2', ...(targets.staticFile ? [targets.staticFile] : [])];
  for (const path of files) {
    for (const method of ['PUT', 'POST', 'DELETE', 'PATCH', 'OPTIONS']) {
      const withBody = method === 'PUT' || method === 'POST' || method === 'PATCH';
      requests.push({ method, path, headers: withBody ? { 'content-type': 'application/octet-stream' } : {}, body: withBody ? 'x' : undefined });
    }
  }
  return requests;
}

export interface FuzzResult {
  sent: number;
  byStatus: Record<string, number>;
  /** Requests answered 5xx, or not answered within the timeout. */
  failures: string[];
  /** Front-only requests (TRACE) answered 5xx: counted, not failures (FuzzRequest.frontOnly). */
  frontOnly: string[];
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
  const frontOnly: string[] = [];
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
        (request.frontOnly && typeof status === 'number' ? frontOnly : failures).push(`${status}: ${request.method} ${request.path.slice(0, 120)} [${headers}]${body}`);
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { sent: requests.length, byStatus, failures, frontOnly };
}

/** Every page the fuzz pass covers: the sitemap's, the extra ones, staff pages and files, a 404. */
export function fuzzPages(fromSitemap: readonly string[]): string[] {
  return [...new Set([...fromSitemap, ...EXTRA_PAGES, ...STAFF_PAGES, ...STAFF_FILES, ...NON_HTML_RESOURCES.filter((p) => !p.startsWith('/api/')), NOT_FOUND_PATH, '/highlights/no-such-report', '/tickets/ITN-7K3Q9P'])];
}
