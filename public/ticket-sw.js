/*
 * Ìtàn Festival: pages that open with no signal (issues 29 and 41). Plain JavaScript, served as is
 * from public/ (no build step). The one script is registered under three scopes, and what it keeps
 * depends on the scope it runs for (its registration's), so each scope is a worker of its own with
 * its own caches:
 *
 * - /tickets/ (components/tickets/ticket-worker.tsx): a ticket page (/tickets/ITN-XXXXXX?t=<token>,
 *   exactly) and /tickets/saved;
 * - /programme (the same component on the programme pages): /programme and a past edition's
 *   /programme/2025, each bare or filtered by day, category and venue (?day=2027-10-24&venue=main-hall:
 *   those three parameters, each at most once, nothing else), once seen, each under its own URL, at
 *   most PROGRAMME_PAGES_MAX of them (the oldest kept go first), in caches of its own
 *   (itan-programme-...), so an update of one scope never drops another's pages;
 * - /staff/check-in (components/staff/gate/gate-worker.tsx): the gate's page, exactly, so a reload,
 *   a relaunch from the home screen or a tab Android discarded opens the gate with no signal (its
 *   pack and queue are in IndexedDB). Its caches are the gate's own (itan-gate-...), and signing
 *   out removes them (components/staff/sign-out-form.tsx).
 *
 * What it does, and nothing else:
 * - A kept page, opened as a page: network first. A 200 is kept in the pages cache under its full
 *   URL; a 404 or 410 removes that URL's copy; no network (or no answer within the scope's wait,
 *   or a 5xx) → the copy kept under that exact URL, never another. No copy: a short "you are
 *   offline" page (503). A redirect (a staff session that ended, online) is followed, and the copy
 *   stays for when the signal goes again.
 * - The files those pages load from /_next/static/ (content-hashed: never stale) and /fonts/:
 *   cache first. When a page is kept, the /_next/static/ files its HTML names are kept too, so the
 *   page also works offline after the very first visit (which the worker did not yet control).
 * - Every other request (other pages in the scope, RSC and Server Action requests, /api, images,
 *   anything not a GET) is left alone: no respondWith, the browser goes to the network itself.
 *   Pages outside the scope never reach it.
 *
 * The names below are read by components/tickets/offline-cache.ts (kept in step by its test). The
 * file keeps its first name (ticket-sw.js): phones registered it under that URL, and a worker whose
 * script disappears is never updated again.
 */
const VERSION = 'v1';
/** contract/api/tickets.ts TICKET_REFERENCE_PATTERN and TICKET_TOKEN_PATTERN, as a page URL. */
const TICKET_PATH = /^\/tickets\/ITN-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/;
const TICKET_SEARCH = /^\?t=[A-Za-z0-9_-]{22}$/;
const SAVED_PATH = '/tickets/saved';
const PROGRAMME_PATH = '/programme';
/** A past (or any) edition's programme: /programme/2025 (contract/content/programme.ts, an edition's key). */
const PROGRAMME_EDITION_PATH = /^\/programme\/\d{4}(?:-[A-Za-z0-9]+)*$/;
/** The programme's filters (components/programme/programme-listing.tsx): its only query parameters. */
const PROGRAMME_FILTERS = ['day', 'category', 'venue'];
/** Programme views kept at most: a visitor taps through a few days and venues, not hundreds. */
const PROGRAMME_PAGES_MAX = 30;
const GATE_PATH = '/staff/check-in';

/**
 * What the worker keeps for each scope it may run for. `wait`: on weak mobile data a request can
 * hang for a minute, so the kept copy is shown after this long (a gate, with a queue of people,
 * waits less). `install`: a page kept from the start (the one "Add to home screen" opens).
 */
const ROLES = {
  tickets: {
    prefix: 'itan-ticket-',
    wait: 6000,
    install: SAVED_PATH,
    /** @param {URL} url */
    keeps: (url) => (url.pathname === SAVED_PATH ? url.search === '' : TICKET_PATH.test(url.pathname) && TICKET_SEARCH.test(url.search)),
    offline: 'This page is not saved on this phone, so it cannot open without a connection.</p><p>A ticket you have opened on this phone before opens with no signal: see <a href="/tickets/saved">tickets on this phone</a>. Or open this page again when you are back online.',
  },
  programme: {
    prefix: 'itan-programme-',
    wait: 6000,
    install: null,
    /** @param {URL} url */
    keeps: isProgrammeView,
    maxPages: PROGRAMME_PAGES_MAX,
    offline: 'This page is not saved on this phone, so it cannot open without a connection.</p><p>The full programme, once opened on this phone, opens with no signal: see <a href="/programme">the programme</a>. Your tickets: <a href="/tickets/saved">tickets on this phone</a>.',
  },
  gate: {
    prefix: 'itan-gate-',
    wait: 4000,
    install: null,
    /** @param {URL} url */
    keeps: (url) => url.pathname === GATE_PATH && url.search === '',
    offline: 'The gate has not been opened on this phone with a connection yet, so it cannot open without one.</p><p>Open <a href="/staff/check-in">the gate</a> once while online and signed in: after that it opens with no signal, with its ticket list.',
  },
};

/**
 * /programme or /programme/{edition}, bare or with filters only (each of day, category and venue at
 * most once, short): anything else in the scope is left to the network.
 * @param {URL} url
 */
function isProgrammeView(url) {
  if (url.pathname !== PROGRAMME_PATH && !PROGRAMME_EDITION_PATH.test(url.pathname)) return false;
  if (url.search === '') return true;
  if (url.search.length > 200) return false;
  const names = [...url.searchParams.keys()];
  return new Set(names).size === names.length && names.every((name) => PROGRAMME_FILTERS.includes(name));
}

/** The role of this registration, from its scope (the ticket pages' when it cannot tell). */
function roleOf(scope) {
  const path = new URL(scope, self.location.origin).pathname;
  if (path === GATE_PATH || path === `${GATE_PATH}/`) return ROLES.gate;
  if (path === PROGRAMME_PATH || path === `${PROGRAMME_PATH}/`) return ROLES.programme;
  return ROLES.tickets;
}

const ROLE = roleOf(self.registration ? self.registration.scope : '/tickets/');
const PREFIX = ROLE.prefix;
const PAGES_CACHE = `${PREFIX}pages-${VERSION}`;
const STATIC_CACHE = `${PREFIX}static-${VERSION}`;
const NETWORK_WAIT_MS = ROLE.wait;
/** Static files kept at most (the oldest go first): a ticket page loads about 15. */
const STATIC_MAX = 120;
/** The /_next/static/ files a page's HTML names (scripts, and fonts in its inlined CSS). */
const STATIC_IN_HTML = /\/_next\/static\/[A-Za-z0-9_\-./]+\.(?:js|css|woff2?)/g;

/** @param {URL} url */
function isKeptPage(url) {
  return url.origin === self.location.origin && ROLE.keeps(url);
}

/** A kept page's key: its full URL without a #fragment. @param {URL} url */
function pageKey(url) {
  return `${url.origin}${url.pathname}${url.search}`;
}

/** @param {URL} url */
function isStaticFile(url) {
  return url.origin === self.location.origin && (url.pathname.startsWith('/_next/static/') || url.pathname.startsWith('/fonts/'));
}

self.addEventListener('install', (event) => {
  // The page "Add to home screen" opens (app/manifest.ts start_url): kept from the start.
  const first = ROLE.install ? keepFromNetwork(new URL(ROLE.install, self.location.origin).href).catch(() => undefined) : Promise.resolve();
  event.waitUntil(first.then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // An older worker's caches go; the tickets it kept move here first, so an update never
      // takes a ticket off the phone (the next visit online refreshes each from the network).
      const old = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== PAGES_CACHE && name !== STATIC_CACHE);
      const pages = await caches.open(PAGES_CACHE);
      for (const name of old.filter((n) => n.startsWith(`${PREFIX}pages-`))) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          const response = await cache.match(request);
          if (response && isKeptPage(new URL(request.url)) && !(await pages.match(request, { ignoreVary: true }))) await pages.put(request, response);
        }
      }
      await Promise.all(old.map((name) => caches.delete(name)));
      await self.clients.claim();
      // The page that registered the worker was loaded before it existed: keep it now.
      const windows = await self.clients.matchAll({ type: 'window' });
      const urls = new Set(windows.map((client) => new URL(client.url)).filter(isKeptPage).map(pageKey));
      await Promise.all([...urls].map((url) => keepFromNetwork(url).catch(() => undefined)));
    })(),
  );
});

/*
 * "Keep this page": sent by components/tickets/ticket-worker.tsx from a page this worker did not
 * load (the document began elsewhere and the router moved it here, as after signing in to the gate,
 * or it was opened before the worker existed). Only a page this scope keeps, on this site.
 */
self.addEventListener('message', (event) => {
  const keep = event.data && typeof event.data.keep === 'string' ? event.data.keep : undefined;
  if (!keep) return;
  let url;
  try {
    url = new URL(keep);
  } catch {
    return;
  }
  if (isKeptPage(url)) event.waitUntil(keepFromNetwork(pageKey(url)).catch(() => undefined));
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (request.mode === 'navigate') {
    if (isKeptPage(url)) event.respondWith(networkFirst(event, pageKey(url)));
    return;
  }
  if (isStaticFile(url)) event.respondWith(cacheFirst(event, request));
});

/**
 * @param {FetchEvent} event
 * @param {string} key the page's full URL
 */
async function networkFirst(event, key) {
  const request = fetch(event.request);
  request.catch(() => undefined); // handled below, once the kept copy is known
  const pages = await caches.open(PAGES_CACHE);
  const kept = await pages.match(key, { ignoreVary: true });
  const answer = request.then((response) => {
    event.waitUntil(remember(pages, key, response.clone()));
    return response;
  });
  // Whatever is shown, the network's answer still updates the cache when it comes.
  event.waitUntil(answer.catch(() => undefined));
  const fromNetwork = answer.then(
    (response) => (kept && response.status >= 500 ? kept : response),
    () => kept ?? offlinePage(),
  );
  if (!kept) return fromNetwork;
  return Promise.race([fromNetwork, new Promise((resolve) => setTimeout(() => resolve(kept), NETWORK_WAIT_MS))]);
}

/**
 * The network's answer for a kept page: 200 keeps it (and its static files), 404/410 forgets it.
 * @param {Cache} pages
 * @param {string} key
 * @param {Response} response
 */
async function remember(pages, key, response) {
  if (response.status === 404 || response.status === 410) {
    await pages.delete(key);
    return;
  }
  if (response.status !== 200 || response.redirected || response.type !== 'basic') return;
  const copy = response.clone();
  await pages.put(key, response);
  if (ROLE.maxPages) await trimPages(pages, ROLE.maxPages);
  await keepStaticFiles(await copy.text());
}

/**
 * At most `max` kept pages: the oldest kept go first (a page kept again moves to the end).
 * @param {Cache} pages
 * @param {number} max
 */
async function trimPages(pages, max) {
  const keys = await pages.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - max)).map((key) => pages.delete(key)));
}

/** @param {string} url a page to fetch and keep (install, activate). */
async function keepFromNetwork(url) {
  const pages = await caches.open(PAGES_CACHE);
  const response = await fetch(url, { credentials: 'same-origin', cache: 'no-store' });
  await remember(pages, url, response);
}

/** @param {string} html */
async function keepStaticFiles(html) {
  const cache = await caches.open(STATIC_CACHE);
  const urls = [...new Set(html.match(STATIC_IN_HTML) ?? [])].slice(0, 60).map((path) => new URL(path, self.location.origin).href);
  await Promise.all(
    urls.map(async (url) => {
      if (await cache.match(url, { ignoreVary: true })) return;
      const response = await fetch(url).catch(() => undefined);
      if (response && response.status === 200) await cache.put(url, response);
    }),
  );
  await trimStatic(cache);
}

/** @param {Cache} cache */
async function trimStatic(cache) {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - STATIC_MAX)).map((key) => cache.delete(key)));
}

/**
 * @param {FetchEvent} event
 * @param {Request} request
 */
async function cacheFirst(event, request) {
  const cache = await caches.open(STATIC_CACHE);
  const hit = await cache.match(request, { ignoreVary: true });
  if (hit) return hit;
  const response = await fetch(request);
  // Whole 200s only (never a range's 206 or an error), and only this site's own files.
  if (response.status === 200 && response.type === 'basic') {
    const copy = response.clone();
    event.waitUntil(cache.put(request.url, copy).then(() => trimStatic(cache)));
  }
  return response;
}

/** No network and no copy of this URL on the phone: say so, and where kept tickets are. */
function offlinePage() {
  const html = `<!doctype html>
<html lang="en-NG">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>You are offline · Ìtàn Festival</title>
<style>body{margin:0;padding:2rem 1.25rem;font:1.125rem/1.5 system-ui,sans-serif;background:#fbf3e4;color:#1c1f33}main{max-width:36rem;margin:auto}h1{color:#10142f;font-size:1.75rem}a{color:#1d2a6b;font-weight:600}</style></head>
<body><main><h1>You are offline</h1>
<p>${ROLE.offline}</p>
</main></body></html>`;
  return new Response(html, {
    status: 503,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    },
  });
}
