import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TICKET_REFERENCE_PATTERN, TICKET_TOKEN_PATTERN } from '@/contract/api/tickets';
import {
  GATE_CACHE_PREFIX,
  GATE_WORKER_SCOPE,
  keptTicketOf,
  PROGRAMME_CACHE_PREFIX,
  PROGRAMME_WORKER_SCOPE,
  SAVED_TICKETS_PATH,
  TICKET_CACHE_PREFIX,
  TICKET_PAGES_CACHE_PREFIX,
  TICKET_WORKER_SCOPE,
  TICKET_WORKER_URL,
} from './offline-cache';

/**
 * The ticket worker (public/ticket-sw.js) run in a VM with a fake Cache API, fetch and clients:
 * which requests it answers, what it keeps, and what it serves with no network. The browser end
 * to end: e2e/offline/ticket-offline.spec.ts.
 */
const ORIGIN = 'https://itan.example';
const WORKER_FILE = path.join(process.cwd(), 'public', TICKET_WORKER_URL);
const source = fs.readFileSync(WORKER_FILE, 'utf8');

const TOKEN_A = 'AAAAAAAAAAAAAAAAAAAAAA';
const TOKEN_B = 'BBBBBBBBBBBBBBBBBBBBBB';
const TICKET_A = `${ORIGIN}/tickets/ITN-7K3Q9P?t=${TOKEN_A}`;
const TICKET_B = `${ORIGIN}/tickets/ITN-ZZZZZZ?t=${TOKEN_B}`;

const keyOf = (input: string | Request | { url: string }) => (typeof input === 'string' ? input : input.url).replace(/#.*$/, '');

class FakeCache {
  readonly entries = new Map<string, Response>();
  async match(input: string | Request) {
    return this.entries.get(keyOf(input))?.clone();
  }
  async put(input: string | Request, response: Response) {
    // The Cache API reads the whole body before it resolves.
    const body = await response.arrayBuffer();
    // A put replaces the old entry and goes to the end (the Cache API's order: oldest first).
    this.entries.delete(keyOf(input));
    this.entries.set(keyOf(input), new Response(body, { status: response.status, headers: response.headers }));
  }
  async delete(input: string | Request) {
    return this.entries.delete(keyOf(input));
  }
  async keys() {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
}

class FakeCaches {
  readonly stores = new Map<string, FakeCache>();
  async open(name: string) {
    if (!this.stores.has(name)) this.stores.set(name, new FakeCache());
    return this.stores.get(name)!;
  }
  async keys() {
    return [...this.stores.keys()];
  }
  async delete(name: string) {
    return this.stores.delete(name);
  }
  /** Every kept URL, by cache. */
  dump(): Record<string, string[]> {
    return Object.fromEntries([...this.stores].map(([name, cache]) => [name, [...cache.entries.keys()]]));
  }
}

type Listener = (event: unknown) => void;

/** A same-origin answer as fetch gives it (type 'basic', kept by its clones). */
function basic(response: Response): Response {
  const clone = response.clone.bind(response);
  Object.defineProperty(response, 'type', { value: 'basic' });
  Object.defineProperty(response, 'clone', { value: () => basic(clone()) });
  return response;
}
type Answer = Response | 'offline' | Promise<Response>;

interface Worker {
  caches: FakeCaches;
  fetched: string[];
  /** The network: an answer per URL (default: offline). */
  network: Map<string, () => Answer>;
  windows: string[];
  dispatch(type: 'install' | 'activate'): Promise<void>;
  /** A message from a page, and when every waitUntil settled. */
  message(data: unknown): Promise<void>;
  /** A fetch event: what respondWith got (undefined: the worker left it alone), after every waitUntil settled. */
  request(url: string, init?: { mode?: string; method?: string }): Promise<Response | undefined>;
  /** A fetch event: what respondWith got, and when every waitUntil settled. */
  respond(url: string, init?: { mode?: string; method?: string }): { handled: boolean; response: Promise<Response | undefined>; settled: Promise<void> };
}

/** The worker as registered for `scope` (each scope keeps its own pages, in its own caches). */
function loadWorker(scope: string = TICKET_WORKER_SCOPE): Worker {
  const listeners = new Map<string, Listener>();
  const caches = new FakeCaches();
  const fetched: string[] = [];
  const network = new Map<string, () => Answer>();
  const windows: string[] = [];
  const fakeFetch = (input: string | { url: string }) => {
    const url = keyOf(input);
    fetched.push(url);
    const answer = network.get(url)?.() ?? 'offline';
    if (answer === 'offline') return Promise.reject(new TypeError('Failed to fetch'));
    return Promise.resolve(answer).then(basic);
  };
  const self = {
    location: new URL(`${ORIGIN}${TICKET_WORKER_URL}`),
    registration: { scope: `${ORIGIN}${scope}` },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: async () => undefined,
    clients: { claim: async () => undefined, matchAll: async () => windows.map((url) => ({ url })) },
  };
  vm.runInNewContext(source, { self, caches, fetch: fakeFetch, Response, Request, URL, Set, Promise, setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms) });

  async function settle(pending: Promise<unknown>[]) {
    // waitUntil may be called again while earlier promises run.
    for (let seen = 0; seen < pending.length; ) {
      const batch = pending.slice(seen);
      seen = pending.length;
      await Promise.allSettled(batch);
    }
  }

  return {
    caches,
    fetched,
    network,
    windows,
    async dispatch(type) {
      const pending: Promise<unknown>[] = [];
      listeners.get(type)!({ waitUntil: (p: Promise<unknown>) => pending.push(p) });
      await settle(pending);
    },
    async message(data) {
      const pending: Promise<unknown>[] = [];
      listeners.get('message')!({ data, waitUntil: (p: Promise<unknown>) => pending.push(p) });
      await settle(pending);
    },
    respond(url, { mode = 'no-cors', method = 'GET' } = {}) {
      const pending: Promise<unknown>[] = [];
      let answer: Promise<Response> | undefined;
      listeners.get('fetch')!({
        request: { url, mode, method },
        respondWith: (p: Promise<Response>) => {
          answer = p;
          pending.push(p);
        },
        waitUntil: (p: Promise<unknown>) => pending.push(p),
      });
      return { handled: answer !== undefined, response: answer ?? Promise.resolve(undefined), settled: settle(pending) };
    },
    async request(url, init) {
      const { response, settled } = this.respond(url, init);
      await settled;
      return response;
    },
  };
}

const page = (body: string, status = 200) => () => new Response(`<!doctype html><title>t</title>${body}`, { status, headers: { 'Content-Type': 'text/html' } });
const navigate = { mode: 'navigate' };

describe('the worker and the site name the same things', () => {
  it('agrees on the cache names, the saved page and the ticket URL pattern', () => {
    expect(source).toContain(`prefix: '${TICKET_CACHE_PREFIX}',`);
    expect(source).toContain(`prefix: '${PROGRAMME_CACHE_PREFIX}',`);
    expect(source).toContain(`prefix: '${GATE_CACHE_PREFIX}',`);
    expect(source).toContain(`const PROGRAMME_PATH = '${PROGRAMME_WORKER_SCOPE}';`);
    expect(source).toContain(`const GATE_PATH = '${GATE_WORKER_SCOPE}';`);
    expect(source).toContain('const PAGES_CACHE = `${PREFIX}pages-${VERSION}`;');
    expect(TICKET_PAGES_CACHE_PREFIX).toBe(`${TICKET_CACHE_PREFIX}pages-`);
    expect(source).toContain(`const SAVED_PATH = '${SAVED_TICKETS_PATH}';`);
    expect(SAVED_TICKETS_PATH.startsWith(TICKET_WORKER_SCOPE)).toBe(true);
    // The reference's alphabet and the token's shape, as contract/api/tickets.ts has them.
    const alphabet = /\[([A-Z0-9]+)\]\{6\}/.exec(TICKET_REFERENCE_PATTERN.source)![1];
    expect(source).toContain(`const TICKET_PATH = /^\\/tickets\\/ITN-[${alphabet}]{6}$/;`);
    expect(TICKET_TOKEN_PATTERN.source).toBe('^[A-Za-z0-9_-]{22}$');
    expect(source).toContain('const TICKET_SEARCH = /^\\?t=[A-Za-z0-9_-]{22}$/;');
  });

  it('keptTicketOf reads a kept ticket page’s URL, and nothing else', () => {
    expect(keptTicketOf(TICKET_A, ORIGIN)).toEqual({ reference: 'ITN-7K3Q9P', href: `/tickets/ITN-7K3Q9P?t=${TOKEN_A}` });
    for (const url of [`${ORIGIN}/tickets/saved`, `${ORIGIN}/tickets/ITN-7K3Q9P`, `${ORIGIN}/tickets/ITN-7K3Q9P?t=short`, `https://elsewhere.example/tickets/ITN-7K3Q9P?t=${TOKEN_A}`, `${ORIGIN}/_next/static/a.js`, 'not a url']) {
      expect(keptTicketOf(url, ORIGIN), url).toBeUndefined();
    }
  });
});

describe('ticket-sw.js', () => {
  let worker: Worker;
  beforeEach(() => {
    worker = loadWorker();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers only ticket pages and /tickets/saved opened as pages, and the static files', async () => {
    const answered = async (url: string, init?: { mode?: string; method?: string }) => {
      const { handled, settled } = worker.respond(url, init);
      await settled;
      return handled;
    };
    expect(await answered(TICKET_A, navigate)).toBe(true);
    expect(await answered(`${TICKET_A}#top`, navigate)).toBe(true);
    expect(await answered(`${ORIGIN}/tickets/saved`, navigate)).toBe(true);
    expect(await answered(`${ORIGIN}/_next/static/chunks/app.js`)).toBe(true);
    expect(await answered(`${ORIGIN}/fonts/space-grotesk-400-normal.woff2`)).toBe(true);
    for (const [url, init] of [
      [`${ORIGIN}/tickets/ITN-7K3Q9P`, navigate],
      [`${ORIGIN}/tickets/ITN-7K3Q9P?t=${TOKEN_A}&t=${TOKEN_B}`, navigate],
      [`${ORIGIN}/tickets/ITN-7K3Q9P?t=${TOKEN_A}&x=1`, navigate],
      [`${ORIGIN}/tickets/itn-7k3q9p?t=${TOKEN_A}`, navigate],
      [`${ORIGIN}/tickets/ITN-7K3Q9P/?t=${TOKEN_A}`, navigate],
      [`${ORIGIN}/tickets/saved?x=1`, navigate],
      [`${ORIGIN}/tickets/resend`, navigate],
      [`${ORIGIN}/tickets/ITN-7K3Q9P/cancel?t=${TOKEN_A}`, navigate],
      [`${ORIGIN}/tickets/ITN-7K3Q9P/ticket.png?t=${TOKEN_A}`, navigate],
      [`${ORIGIN}/staff/check-in`, navigate],
      [`${ORIGIN}/`, navigate],
      // The router's RSC request for the same URL, a form post, the API, images, other sites.
      [TICKET_A, {}],
      [TICKET_A, { mode: 'navigate', method: 'POST' }],
      [`${ORIGIN}/api/tickets/ITN-7K3Q9P/?t=${TOKEN_A}`, {}],
      [`${ORIGIN}/images/icons/icon-192.png`, {}],
      [`${ORIGIN}/_next/image?url=%2Fimages%2Fa.jpg&w=640&q=50`, {}],
      [`https://cdn.example/_next/static/chunks/app.js`, {}],
      [`${ORIGIN}/_next/static/chunks/app.js`, { method: 'POST' }],
    ] as const) {
      expect(await answered(url, init), url).toBe(false);
    }
  });

  it('a ticket page: network first, kept under its exact URL, served from there with no network, never for another URL', async () => {
    worker.network.set(TICKET_A, page('<p>Ada Obi</p><script src="/_next/static/chunks/app-1a2b.js"></script><style>@font-face{src:url(/_next/static/media/f-s.p.woff2)}</style>'));
    worker.network.set(`${ORIGIN}/_next/static/chunks/app-1a2b.js`, () => new Response('js'));
    worker.network.set(`${ORIGIN}/_next/static/media/f-s.p.woff2`, () => new Response('font'));
    const online = await worker.request(TICKET_A, navigate);
    expect(await online!.text()).toContain('Ada Obi');
    expect(worker.caches.dump()).toEqual({
      'itan-ticket-pages-v1': [TICKET_A],
      'itan-ticket-static-v1': [`${ORIGIN}/_next/static/chunks/app-1a2b.js`, `${ORIGIN}/_next/static/media/f-s.p.woff2`],
    });

    worker.network.clear();
    const offline = await worker.request(TICKET_A, navigate);
    expect(offline!.status).toBe(200);
    expect(await offline!.text()).toContain('Ada Obi');
    // The same reference with another token, and another reference: not this copy.
    for (const url of [`${ORIGIN}/tickets/ITN-7K3Q9P?t=${TOKEN_B}`, `${ORIGIN}/tickets/ITN-ZZZZZZ?t=${TOKEN_A}`]) {
      const other = await worker.request(url, navigate);
      expect(other!.status, url).toBe(503);
      const text = await other!.text();
      expect(text).toContain('You are offline');
      expect(text).not.toContain('Ada Obi');
    }
    // The static files come from the cache, without the network.
    const fetchedBefore = worker.fetched.length;
    expect(await (await worker.request(`${ORIGIN}/_next/static/chunks/app-1a2b.js`))!.text()).toBe('js');
    expect(worker.fetched.length).toBe(fetchedBefore);
  });

  it('a newer answer replaces the copy; a 404 or 410 forgets it; a 5xx shows the copy and keeps it', async () => {
    worker.network.set(TICKET_A, page('<p>valid</p>'));
    await worker.request(TICKET_A, navigate);
    worker.network.set(TICKET_A, page('<p>given back</p>'));
    expect(await (await worker.request(TICKET_A, navigate))!.text()).toContain('given back');
    worker.network.set(TICKET_A, page('<p>server trouble</p>', 502));
    expect(await (await worker.request(TICKET_A, navigate))!.text()).toContain('given back');
    for (const status of [404, 410]) {
      worker.network.set(TICKET_A, page('<p>valid</p>'));
      await worker.request(TICKET_A, navigate);
      worker.network.set(TICKET_A, page('<h1>Ticket not found</h1>', status));
      const gone = await worker.request(TICKET_A, navigate);
      expect(gone!.status).toBe(status);
      expect(worker.caches.dump()['itan-ticket-pages-v1']).toEqual([]);
    }
  });

  it('shows the copy when the network does not answer in time, and still keeps the late answer', async () => {
    worker.network.set(TICKET_A, page('<p>first</p>'));
    await worker.request(TICKET_A, navigate);
    let answer: (response: Response) => void = () => undefined;
    worker.network.set(TICKET_A, () => new Promise<Response>((resolve) => (answer = resolve)));
    vi.useFakeTimers();
    const { response, settled } = worker.respond(TICKET_A, navigate);
    await vi.advanceTimersByTimeAsync(6_000);
    expect(await (await response)!.text()).toContain('first');
    answer(page('<p>second</p>')());
    await settled;
    vi.useRealTimers();
    worker.network.clear();
    expect(await (await worker.request(TICKET_A, navigate))!.text()).toContain('second');
  });

  it('no network and no copy: a short offline page, never another page', async () => {
    const response = await worker.request(`${ORIGIN}/tickets/saved`, navigate);
    expect(response!.status).toBe(503);
    expect(response!.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await response!.text()).toContain('href="/tickets/saved"');
  });

  it('install keeps /tickets/saved; activate moves the tickets an older worker kept, removes its caches, keeps the pages open when it came, and leaves other caches alone', async () => {
    worker.network.set(`${ORIGIN}/tickets/saved`, page('<h1>Tickets on this phone</h1>'));
    await worker.dispatch('install');
    expect(worker.caches.dump()['itan-ticket-pages-v1']).toEqual([`${ORIGIN}/tickets/saved`]);

    const older = await worker.caches.open('itan-ticket-pages-v0');
    await older.put(TICKET_A, new Response('old'));
    await older.put(TICKET_B, new Response('kept by the older worker'));
    await older.put(`${ORIGIN}/staff/check-in`, new Response('never a ticket page'));
    await (await worker.caches.open('itan-ticket-static-v0')).put(`${ORIGIN}/_next/static/chunks/old.js`, new Response('old'));
    await worker.caches.open('someone-elses-cache');
    worker.windows.push(`${TICKET_A}#qr`, `${ORIGIN}/tickets/resend`);
    worker.network.set(TICKET_A, page('<p>Ada Obi</p>'));
    await worker.dispatch('activate');
    expect(Object.keys(worker.caches.dump()).sort()).toEqual(['itan-ticket-pages-v1', 'itan-ticket-static-v1', 'someone-elses-cache']);
    expect(worker.caches.dump()['itan-ticket-pages-v1']!.sort()).toEqual([`${ORIGIN}/tickets/saved`, TICKET_A, TICKET_B].sort());
    expect(await (await worker.caches.stores.get('itan-ticket-pages-v1')!.match(TICKET_B))!.text()).toBe('kept by the older worker');
    expect(await (await worker.caches.stores.get('itan-ticket-pages-v1')!.match(TICKET_A))!.text()).toContain('Ada Obi');
  });
});

describe('ticket-sw.js for the programme and for the gate', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('the programme scope keeps /programme, its filtered views and past editions, in its own caches, and nothing else', async () => {
    const worker = loadWorker(PROGRAMME_WORKER_SCOPE);
    const PROGRAMME = `${ORIGIN}/programme`;
    worker.network.set(PROGRAMME, page('<h1>The festival, day by day</h1><script src="/_next/static/chunks/p-1.js"></script>'));
    worker.network.set(`${ORIGIN}/_next/static/chunks/p-1.js`, () => new Response('js'));
    await worker.dispatch('install');
    expect(worker.caches.dump()).toEqual({});
    expect(await (await worker.request(PROGRAMME, navigate))!.text()).toContain('day by day');
    expect(worker.caches.dump()).toEqual({ 'itan-programme-pages-v1': [PROGRAMME], 'itan-programme-static-v1': [`${ORIGIN}/_next/static/chunks/p-1.js`] });
    // Filtered views (issue 40 part 3) and a past edition's programme: each kept under its own URL.
    const views = [`${PROGRAMME}?day=2027-10-24`, `${PROGRAMME}?day=2027-10-24&category=readings&venue=main-hall`, `${PROGRAMME}/2025`, `${PROGRAMME}/2025?venue=open-air-stage`];
    for (const url of views) {
      worker.network.set(url, page(`<h1>view ${url}</h1>`));
      expect((await worker.request(url, navigate))!.status, url).toBe(200);
    }
    expect(worker.caches.dump()['itan-programme-pages-v1']).toEqual([PROGRAMME, ...views]);
    worker.network.clear();
    const offline = await worker.request(PROGRAMME, navigate);
    expect(offline!.status).toBe(200);
    expect(await offline!.text()).toContain('day by day');
    for (const url of views) expect(await (await worker.request(url, navigate))!.text(), url).toContain(`view ${url}`);
    // A view never opened has no copy: the offline page, never another view's copy.
    expect((await worker.request(`${PROGRAMME}?day=2027-10-25`, navigate))!.status).toBe(503);
    // Anything else in the scope (another parameter, a repeated filter, a deeper path, a ticket page, an RSC request, a post) is left to the network.
    for (const [url, init] of [
      [`${PROGRAMME}?page=2`, navigate],
      [`${PROGRAMME}?day=2027-10-24&day=2027-10-25`, navigate],
      [`${PROGRAMME}/2025/extra`, navigate],
      [`${PROGRAMME}/not-a-year`, navigate],
      [`${PROGRAMME}me`, navigate],
      [TICKET_A, navigate],
      [PROGRAMME, {}],
      [PROGRAMME, { mode: 'navigate', method: 'POST' }],
    ] as const) {
      const { handled, settled } = worker.respond(url, init);
      await settled;
      expect(handled, `${url} ${JSON.stringify(init)}`).toBe(false);
    }
  });

  it('the programme scope keeps at most 30 views, the oldest kept going first', async () => {
    const worker = loadWorker(PROGRAMME_WORKER_SCOPE);
    const PROGRAMME = `${ORIGIN}/programme`;
    const urls = Array.from({ length: 32 }, (_, i) => `${PROGRAMME}?category=c${i}`);
    for (const url of urls) {
      worker.network.set(url, page(`<p>${url}</p>`));
      await worker.request(url, navigate);
    }
    // The first one seen again: it moves to the end and stays.
    await worker.request(urls[2]!, navigate);
    await worker.request(urls[0]!, navigate);
    const kept = worker.caches.dump()['itan-programme-pages-v1']!;
    expect(kept).toHaveLength(30);
    expect(kept).not.toContain(urls[1]);
    expect(kept).not.toContain(urls[3]);
    expect(kept.slice(-2)).toEqual([urls[2], urls[0]]);
  });

  it('the gate scope keeps the gate page only, never another staff page, an API call or an action post; offline it opens the kept gate', async () => {
    const worker = loadWorker(GATE_WORKER_SCOPE);
    const GATE = `${ORIGIN}/staff/check-in`;
    worker.network.set(GATE, page('<p>Signed in as Ngozi North</p><script src="/_next/static/chunks/gate-1.js"></script>'));
    worker.network.set(`${ORIGIN}/_next/static/chunks/gate-1.js`, () => new Response('js'));
    worker.windows.push(GATE);
    await worker.dispatch('install');
    await worker.dispatch('activate');
    expect(worker.caches.dump()).toEqual({ 'itan-gate-pages-v1': [GATE], 'itan-gate-static-v1': [`${ORIGIN}/_next/static/chunks/gate-1.js`] });

    for (const [url, init] of [
      [`${ORIGIN}/staff`, navigate],
      [`${ORIGIN}/staff/check-in?code=ITN-7K3Q9P`, navigate],
      [`${ORIGIN}/staff/check-in/anything`, navigate],
      [GATE, {}],
      [GATE, { mode: 'navigate', method: 'POST' }],
      [`${ORIGIN}/api/admin/check-ins/offline/`, {}],
      [`${ORIGIN}/tickets/saved`, navigate],
    ] as const) {
      const { handled, settled } = worker.respond(url, init);
      await settled;
      expect(handled, `${url} ${JSON.stringify(init)}`).toBe(false);
    }

    worker.network.clear();
    const offline = await worker.request(GATE, navigate);
    expect(offline!.status).toBe(200);
    expect(await offline!.text()).toContain('Ngozi North');
    expect(await (await worker.request(`${ORIGIN}/_next/static/chunks/gate-1.js`))!.text()).toBe('js');

    // A session that ended, online: the sign-in redirect is followed and the copy stays for later.
    worker.network.set(GATE, () => Response.redirect(`${ORIGIN}/staff/login?next=%2Fstaff%2Fcheck-in`, 307));
    expect((await worker.request(GATE, navigate))!.status).toBe(307);
    expect(worker.caches.dump()['itan-gate-pages-v1']).toEqual([GATE]);
  });

  it('a page the worker did not load asks it to keep the page: only a page of its scope, on this site', async () => {
    const worker = loadWorker(GATE_WORKER_SCOPE);
    const GATE = `${ORIGIN}/staff/check-in`;
    worker.network.set(GATE, page('<p>Signed in as Ngozi North</p>'));
    worker.network.set(`${ORIGIN}/staff`, page('<p>dashboard</p>'));
    worker.network.set(`https://elsewhere.example/staff/check-in`, page('<p>elsewhere</p>'));
    for (const data of [{ keep: `${ORIGIN}/staff` }, { keep: 'https://elsewhere.example/staff/check-in' }, { keep: 'not a url' }, { keep: 42 }, null, 'keep']) {
      await worker.message(data);
    }
    expect(worker.caches.dump()).toEqual({});
    await worker.message({ keep: `${GATE}#scan` });
    expect(worker.caches.dump()['itan-gate-pages-v1']).toEqual([GATE]);
    expect(worker.fetched).toEqual([GATE]);
  });

  it('the gate waits 4 s for the network before it opens the kept gate', async () => {
    const worker = loadWorker(GATE_WORKER_SCOPE);
    const GATE = `${ORIGIN}/staff/check-in`;
    worker.network.set(GATE, page('<p>kept gate</p>'));
    await worker.request(GATE, navigate);
    worker.network.set(GATE, () => new Promise<Response>(() => undefined));
    vi.useFakeTimers();
    const { response } = worker.respond(GATE, navigate);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(await (await response)!.text()).toContain('kept gate');
  });

  it('no kept gate and no network: the offline page says to open the gate once online', async () => {
    const response = await loadWorker(GATE_WORKER_SCOPE).request(`${ORIGIN}/staff/check-in`, navigate);
    expect(response!.status).toBe(503);
    const text = await response!.text();
    expect(text).toContain('Open <a href="/staff/check-in">the gate</a> once while online');
    expect(text).not.toContain('tickets on this phone');
  });

  it('each scope removes only its own older caches when it activates', async () => {
    const worker = loadWorker(GATE_WORKER_SCOPE);
    await (await worker.caches.open('itan-gate-pages-v0')).put(`${ORIGIN}/staff/check-in`, new Response('old gate'));
    await (await worker.caches.open('itan-ticket-pages-v0')).put(TICKET_A, new Response('a visitor’s ticket'));
    await worker.dispatch('activate');
    expect(Object.keys(worker.caches.dump()).sort()).toEqual(['itan-gate-pages-v1', 'itan-ticket-pages-v0']);
    expect(await (await worker.caches.stores.get('itan-gate-pages-v1')!.match(`${ORIGIN}/staff/check-in`))!.text()).toBe('old gate');
  });
});
