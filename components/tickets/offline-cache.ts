import { TICKET_REFERENCE_SOURCE } from '../../contract/ticket-reference'; // relative: loaded by next.config.ts, which knows no @/ alias

/**
 * The offline worker (public/ticket-sw.js) as the site's code sees it: where it is, the scopes it
 * is registered under (each keeps its own pages, in its own caches), and the names of what it
 * keeps. The worker is plain JavaScript with no build step, so it spells these out itself;
 * offline-cache.test.ts reads it and holds the two in step.
 */
export const TICKET_WORKER_URL = '/ticket-sw.js';
export const TICKET_WORKER_SCOPE = '/tickets/';
/** The programme, kept once seen, so a visitor at the venue with no signal still has it (issue 41). */
export const PROGRAMME_WORKER_SCOPE = '/programme';
export const PROGRAMME_CACHE_PREFIX = 'itan-programme-';
/** The gate's page (issue 41): its own scope, caches and manifest; never another staff page. */
export const GATE_WORKER_SCOPE = '/staff/check-in';
export const GATE_CACHE_PREFIX = 'itan-gate-';
/** The gate's web app manifest (app/gate.webmanifest/route.ts): outside /staff, since it is public and names no one. */
export const GATE_MANIFEST_PATH = '/gate.webmanifest';
/** The page "Add to home screen" opens (app/manifest.ts): the tickets kept on this phone. */
export const SAVED_TICKETS_PATH = '/tickets/saved';
/** Every cache the worker makes starts with this; its kept pages' caches with the next one. */
export const TICKET_CACHE_PREFIX = 'itan-ticket-';
export const TICKET_PAGES_CACHE_PREFIX = `${TICKET_CACHE_PREFIX}pages-`;

const TICKET_PAGE_PATH = new RegExp(`^/tickets/(${TICKET_REFERENCE_SOURCE})$`);
const TICKET_PAGE_SEARCH = /^\?t=[A-Za-z0-9_-]{22}$/;

/** A kept ticket page's URL → its reference and its link on this site; undefined for anything else. */
export function keptTicketOf(url: string, origin: string): { reference: string; href: string } | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.origin !== origin || !TICKET_PAGE_SEARCH.test(parsed.search)) return undefined;
  const reference = TICKET_PAGE_PATH.exec(parsed.pathname)?.[1];
  return reference ? { reference, href: `${parsed.pathname}${parsed.search}` } : undefined;
}

/**
 * Signing out takes the gate's kept page off the phone (it shows whose session it was); the pack
 * and the queue (IndexedDB) stay, so check-ins waiting to sync are never lost.
 */
export async function forgetGatePages(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = (await caches.keys()).filter((name) => name.startsWith(GATE_CACHE_PREFIX));
  await Promise.all(names.map((name) => caches.delete(name)));
}
