import { eventDetailsFallback } from '@/contract/fallbacks';
import { configuredEdition } from '@/lib/config';
import { shiftEventDetail } from '@/contract/content/shift';
import { eventDetailSchema, type EventDetail } from '@/contract/content/schemas';

/**
 * Page data the API does not serve (spec §3: static), from contract/fallbacks/. Synchronous:
 * parsed once with the same schemas as everything else so a bad edit fails loudly in tests.
 */
const eventDetails: EventDetail[] = eventDetailSchema.array().parse(eventDetailsFallback);

/** Every event and programme detail (for generateStaticParams, sitemaps). */
export function getAllEventDetails(): EventDetail[] {
  const edition = configuredEdition();
  return eventDetails.map((d) => shiftEventDetail(d, edition));
}

/** The detail behind /{slug} (an event) or /events/{slug} (a session); undefined when there is none (the page 404s). */
export function findEventDetail(details: readonly EventDetail[], slug: string, kind?: EventDetail['kind']): EventDetail | undefined {
  return details.find((d) => d.slug === slug && (kind === undefined || d.kind === kind));
}
