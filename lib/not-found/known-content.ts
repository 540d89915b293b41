import { getAllEventDetails, getEvents, getHighlight, getPrograms, getPublishedProgramme } from '@/lib/content';
import { getEdition } from '@/lib/edition';
import { getTicket } from '@/lib/tickets';
import type { ExistenceLookups } from './missing-view';

/**
 * The proxy's existence lookups (lib/not-found/missing-view.ts), through the same content source the
 * pages read, with a short per-instance memory so a found page pays microseconds, not a lookup:
 * - reports: each slug seen to exist is remembered for KNOWN_TTL_MS; an unknown slug is asked every
 *   time (a report published on any instance shows at once);
 * - events, programmes, sessions, speakers and programme editions: the whole set of slugs (a few dozen), reloaded when older than
 *   KNOWN_TTL_MS, or when a slug is not in it and the set is older than RELOAD_ON_MISS_MS (so a
 *   flood of unknown slugs costs at most one reload a second);
 * - tickets are asked every time (personal, rare, and the page asks again anyway).
 * forgetKnownContent() empties it when staff change content on this instance. It is kept on
 * globalThis because the proxy and the pages are bundled apart but run in one process.
 */
export const KNOWN_TTL_MS = 60_000;
export const RELOAD_ON_MISS_MS = 1_000;
const MAX_REMEMBERED_REPORTS = 5_000;

interface Memory {
  reports: Map<string, number>;
  events: { slugs: ReadonlySet<string>; loadedAt: number } | undefined;
  loading: Promise<ReadonlySet<string>> | undefined;
}

const KEY = Symbol.for('itan.not-found.known-content');
function memory(): Memory {
  const holder = globalThis as { [KEY]?: Memory };
  return (holder[KEY] ??= { reports: new Map(), events: undefined, loading: undefined });
}

/** Staff changed reports or events here: the next check asks the source again. */
export function forgetKnownContent(): void {
  const m = memory();
  m.reports.clear();
  m.events = undefined;
}

/**
 * Event and session slugs as they are; speakers as "speaker:<slug>" and editions with sessions (and
 * the current one) as "edition:<key>" (a slug never holds a colon).
 */
async function loadEventSlugs(): Promise<ReadonlySet<string>> {
  const [details, events, programs, programme, edition] = await Promise.all([getAllEventDetails(), getEvents(), getPrograms(), getPublishedProgramme(), getEdition()]);
  return new Set([
    ...details.map((d) => d.slug),
    events.heroEvent.slug,
    ...events.events.map((e) => e.slug),
    ...programs.map((p) => p.slug),
    ...programme.sessions.map((s) => s.slug),
    ...programme.speakers.map((s) => `speaker:${s.slug}`),
    ...programme.sessions.map((s) => `edition:${s.edition}`),
    `edition:${edition.key}`,
  ]);
}

async function eventSlugs(now: number): Promise<ReadonlySet<string>> {
  const m = memory();
  if (!m.loading) {
    m.loading = loadEventSlugs()
      .then((slugs) => {
        m.events = { slugs, loadedAt: now };
        return slugs;
      })
      .finally(() => {
        m.loading = undefined;
      });
  }
  return m.loading;
}

async function knownSlug(slug: string, t: number): Promise<boolean> {
  const known = memory().events;
  if (known && t - known.loadedAt < KNOWN_TTL_MS && (known.slugs.has(slug) || t - known.loadedAt < RELOAD_ON_MISS_MS)) {
    return known.slugs.has(slug);
  }
  return (await eventSlugs(t)).has(slug);
}

export function createKnownContentLookups(now: () => number = Date.now): ExistenceLookups {
  return {
    async report(slug) {
      const m = memory();
      const t = now();
      if ((m.reports.get(slug) ?? 0) > t) return true;
      const found = (await getHighlight(slug)) !== undefined;
      if (found) {
        if (m.reports.size >= MAX_REMEMBERED_REPORTS) m.reports.clear();
        m.reports.set(slug, t + KNOWN_TTL_MS);
      }
      return found;
    },
    event: (slug) => knownSlug(slug, now()),
    speaker: (slug) => knownSlug(`speaker:${slug}`, now()),
    edition: (key) => knownSlug(`edition:${key}`, now()),
    async ticket(reference, token) {
      try {
        return (await getTicket(reference, token, 'lookup')) !== undefined;
      } catch {
        return undefined; // the backend did not answer: the page shows its own error
      }
    },
  };
}
