/**
 * The site's built-in copy (DESIGN.md): what every page shows when the API cannot answer, the
 * static page data the API does not serve (about, volunteer roles and benefits, event details),
 * and the seed data of the built-in backend. Everything here is typed by contract/content/schemas.ts.
 */
import { eventDetailsFallback } from './event-details';
import { eventsFallback } from './events';
import { heroFallback } from './hero';
import { highlightsFallback } from './highlights';
import { podcastsFallback } from './podcasts';
import { programsFallback } from './programs';

export { aboutFallback } from './about';
export { contactInfoFallback } from './contact';
export { donationPolicyFallback } from './donation-policy';
export { privacyFallback } from './privacy';
export { visitFallback } from './visit';
export { eventDetailsFallback } from './event-details';
export { eventsFallback } from './events';
export { heroFallback } from './hero';
export { highlightsFallback } from './highlights';
export { podcastsFallback } from './podcasts';
export { programsFallback } from './programs';
export { volunteerBenefitsFallback, volunteerRolesFallback } from './volunteer';

/** Every image path the fallbacks reference, once each, sorted (artwork is generated for each). */
export function allFallbackImagePaths(): string[] {
  const paths = [
    heroFallback.heroImage,
    eventsFallback.heroEvent.image,
    ...eventsFallback.events.map((e) => e.image),
    ...programsFallback.map((p) => p.avatar),
    ...podcastsFallback.map((p) => p.image),
    ...highlightsFallback.map((h) => h.image),
    ...eventDetailsFallback.map((d) => d.image),
  ];
  return [...new Set(paths)].sort();
}
