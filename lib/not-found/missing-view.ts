import { TICKET_REFERENCE_PATTERN } from '@/contract/api/tickets';
import { PUBLIC_FORM_PAGES } from '@/contract/forms/public-forms';
import type { MissingKind } from './headings';

/**
 * Which 404 view a slug route's URL needs, decided before the page renders (proxy.ts): a page that
 * calls notFound() is answered by Next 16.4 with its empty error document, so the proxy rewrites a
 * missing slug to a URL no route serves, whose 404 is a whole server-rendered page
 * (docs/decisions.md, "404s"). The root not-found.tsx reads MISSING_VIEW_HEADER to show the view.
 */
export const MISSING_VIEW_HEADER = 'x-festival-missing-view';

/**
 * Where a missing slug is rewritten to: two segments under no route folder, so no route matches.
 * The path names the view too: where Next treats the rewrite as going to another origin (a server
 * started with an explicit hostname, `next start -H 127.0.0.1`, sees its own URL as localhost) it
 * fetches the path anew and the proxy runs again, without the first pass's request headers.
 */
export const missingRewritePath = (kind: MissingKind) => `/_missing/${kind}`;

/** The view a rewritten path names (missingRewritePath), or undefined. */
export function missingKindOfPath(pathname: string): MissingKind | undefined {
  const m = /^\/_missing\/([a-z]+)$/.exec(pathname);
  return m && isMissingKind(m[1]) ? m[1] : undefined;
}

/** How the proxy asks whether a slug names something; `undefined` from a lookup means "cannot tell". */
export interface ExistenceLookups {
  report(slug: string): Promise<boolean>;
  /** An event-grid item or a programme row (either page redirects to the other's URL). */
  event(slug: string): Promise<boolean>;
  ticket(reference: string, token: string): Promise<boolean | undefined>;
  /** A published speaker (/speakers/{slug}, issue 40 part 3). */
  speaker(slug: string): Promise<boolean>;
  /** An edition with published sessions, or the current one (/programme/{edition}). */
  edition(key: string): Promise<boolean>;
}

/** The public forms whose page is a top-level segment (/register, /contact...; not /volunteer/apply). */
const TOP_LEVEL_FORM_PAGES = PUBLIC_FORM_PAGES.filter((page) => page.lastIndexOf('/') === 0).map((page) => page.slice(1));

/**
 * Top-level segments with a page or route of their own: they win over app/[slug], so they are never
 * checked (the list is compared with app/ by missing-view.test.ts). The public forms' top-level
 * pages come from contract/forms/public-forms.ts. Segments with a dot (robots.txt, sitemap.xml,
 * festival.ics, icon.svg) never match SLUG.
 */
export const ROUTED_TOP_LEVEL: ReadonlySet<string> = new Set([
  'about',
  'annual-festival',
  'bi-monthly',
  'creative-economy',
  'highlights',
  'literacy-libraries',
  'privacy',
  'programme',
  'speakers',
  'staff',
  'visit',
  'volunteer',
  ...TOP_LEVEL_FORM_PAGES,
]);

/**
 * Pages under /tickets/ of their own: they win over app/tickets/[reference], so they are never
 * checked as a ticket reference (compared with app/tickets/ by missing-view.test.ts).
 */
export const ROUTED_TICKET_PAGES: ReadonlySet<string> = new Set(['resend', 'saved']);

/** The slugs app/[slug] and app/events/[slug] can serve; anything else is missing without asking. */
const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/i;
/** A report slug as the backend accepts one (any longer is refused there). */
const REPORT_SLUG = /^[^/]{1,200}$/;

export type SlugRoute =
  | { kind: 'report'; slug: string }
  | { kind: 'event'; slug: string; top: boolean }
  | { kind: 'ticket'; reference: string; token: string | undefined }
  | { kind: 'speaker'; slug: string }
  | { kind: 'edition'; key: string };

/** An edition's key as /programme/{edition} takes it (contract/content/programme.ts). */
const EDITION_KEY = /^\d{4}(?:-[A-Za-z0-9]+)*$/;

function decodeSegments(pathname: string): string[] | undefined {
  try {
    return pathname.split('/').slice(1).map(decodeURIComponent);
  } catch {
    return undefined; // invalid percent-encoding: proxy.ts answers 400 before asking
  }
}

/** The slug route a pathname (as requested, percent-encoded) is, or undefined for any other URL. */
export function slugRouteOf(pathname: string, search: URLSearchParams): SlugRoute | undefined {
  const segments = decodeSegments(pathname);
  if (!segments || segments.some((s) => s === '' || s.includes('/'))) return undefined;
  if (segments.length === 1) {
    const [slug] = segments as [string];
    return ROUTED_TOP_LEVEL.has(slug) || slug.includes('.') || slug.startsWith('_') ? undefined : { kind: 'event', slug, top: true };
  }
  if (segments.length !== 2) return undefined;
  const [section, slug] = segments as [string, string];
  if (section === 'highlights' && slug !== 'feed.xml') return { kind: 'report', slug };
  if (section === 'events') return { kind: 'event', slug, top: false };
  if (section === 'speakers') return { kind: 'speaker', slug };
  if (section === 'programme') return { kind: 'edition', key: slug };
  if (section === 'tickets' && !ROUTED_TICKET_PAGES.has(slug)) {
    const t = search.getAll('t');
    return { kind: 'ticket', reference: slug, token: t.length === 1 ? t[0] : undefined };
  }
  return undefined;
}

/**
 * The view a missing slug needs, or undefined when the page should render (it exists, or the
 * lookup could not tell: the page then shows its own error or 404).
 */
export async function missingViewFor(route: SlugRoute, lookups: ExistenceLookups): Promise<MissingKind | undefined> {
  switch (route.kind) {
    case 'report':
      return REPORT_SLUG.test(route.slug) && (await lookups.report(route.slug)) ? undefined : 'report';
    case 'event': {
      const view: MissingKind = route.top ? 'page' : 'event';
      return SLUG.test(route.slug) && (await lookups.event(route.slug)) ? undefined : view;
    }
    case 'ticket': {
      if (!TICKET_REFERENCE_PATTERN.test(route.reference) || !route.token) return 'ticket';
      return (await lookups.ticket(route.reference, route.token)) === false ? 'ticket' : undefined;
    }
    case 'speaker':
      return SLUG.test(route.slug) && (await lookups.speaker(route.slug)) ? undefined : 'page';
    case 'edition':
      return EDITION_KEY.test(route.key) && route.key.length <= 32 && (await lookups.edition(route.key)) ? undefined : 'page';
  }
}

export function isMissingKind(value: string | null | undefined): value is MissingKind {
  return value === 'report' || value === 'event' || value === 'ticket' || value === 'page';
}
