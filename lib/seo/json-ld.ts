import { FESTIVAL_CITY, FESTIVAL_FULL_NAME, FESTIVAL_NAME, FESTIVAL_STATE, FESTIVAL_VENUE } from '@/contract/festival';
import type { RegistrationState } from '@/contract/edition';
import { absoluteUrl } from './urls';

/**
 * schema.org structured data (JSON-LD) builders. Pure functions of their inputs plus the site URL,
 * so they are unit-tested; <JsonLd> renders them.
 */
export type JsonLdObject = { '@context'?: string; '@type': string } & Record<string, unknown>;

export interface PlaceInput {
  name: string;
  /** Street-level text, e.g. "Centenary Hall, Ake, Abeokuta, Ogun State". */
  address?: string;
  /** The festival venue's full address and map pin (/visit), when the place is at the venue. */
  venue?: {
    streetAddress: string;
    locality: string;
    region: string;
    postalCode?: string | undefined;
    country: string;
    latitude: number;
    longitude: number;
  };
}

export function placeJsonLd({ name, address, venue }: PlaceInput): JsonLdObject {
  if (venue) {
    return {
      '@type': 'Place',
      name,
      address: {
        '@type': 'PostalAddress',
        streetAddress: venue.streetAddress,
        addressLocality: venue.locality,
        addressRegion: venue.region,
        ...(venue.postalCode ? { postalCode: venue.postalCode } : {}),
        addressCountry: venue.country,
      },
      geo: { '@type': 'GeoCoordinates', latitude: venue.latitude, longitude: venue.longitude },
    };
  }
  return {
    '@type': 'Place',
    name,
    address: {
      '@type': 'PostalAddress',
      ...(address ? { streetAddress: address } : {}),
      addressLocality: FESTIVAL_CITY,
      addressRegion: FESTIVAL_STATE,
      addressCountry: 'NG',
    },
  };
}

export function organizationJsonLd(siteUrl?: string): JsonLdObject {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${absoluteUrl('/', siteUrl)}#organization`,
    name: FESTIVAL_FULL_NAME,
    alternateName: FESTIVAL_NAME,
    url: absoluteUrl('/', siteUrl),
    logo: absoluteUrl('/icon.svg', siteUrl),
    address: placeJsonLd({ name: FESTIVAL_VENUE }).address,
  };
}

function organizerRef(siteUrl?: string) {
  return { '@type': 'Organization', name: FESTIVAL_FULL_NAME, url: absoluteUrl('/', siteUrl) };
}

/** Free admission, as the spec says of every registration. */
function freeOffer(url: string, availability = 'https://schema.org/InStock', validFrom?: string | null) {
  return { '@type': 'Offer', price: '0', priceCurrency: 'NGN', availability, url, ...(validFrom ? { validFrom } : {}) };
}

/**
 * The festival's offer in the edition's registration state (issue 28): on sale (InStock), not yet
 * (PreOrder, from when it opens), sold out (SoldOut); none once registration has closed, so no
 * search result offers a registration that is over.
 */
function festivalOffer(input: FestivalInput) {
  const url = absoluteUrl(input.registrationUrl, input.siteUrl);
  switch (input.registration ?? 'open') {
    case 'open':
      return freeOffer(url);
    case 'not-yet':
      return freeOffer(url, 'https://schema.org/PreOrder', input.registrationOpensAt);
    case 'sold-out':
      return freeOffer(url, 'https://schema.org/SoldOut');
    case 'closed':
      return undefined;
  }
}

export interface FestivalInput {
  startDate: string;
  endDate: string;
  /** The edition's venue (default FESTIVAL_VENUE). */
  venueName?: string;
  /** The edition's registration state (default open). */
  registration?: RegistrationState;
  /** When registration opens (the offer's validFrom while it has not). */
  registrationOpensAt?: string | null;
  description: string;
  image?: string;
  registrationUrl: string;
  siteUrl?: string;
  /** The venue's full address and pin (/visit). */
  place?: PlaceInput['venue'];
}

export function festivalJsonLd(input: FestivalInput): JsonLdObject {
  const venueName = input.venueName ?? FESTIVAL_VENUE;
  const offer = festivalOffer(input);
  return {
    '@context': 'https://schema.org',
    '@type': 'Festival',
    name: FESTIVAL_FULL_NAME,
    startDate: input.startDate,
    endDate: input.endDate,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    isAccessibleForFree: true,
    description: input.description,
    url: absoluteUrl('/annual-festival', input.siteUrl),
    ...(input.image ? { image: [absoluteUrl(input.image, input.siteUrl)] } : {}),
    // schema.org has no "took place" status: a past edition stays EventScheduled, its dates say the rest.
    location: placeJsonLd({ name: venueName, address: `${venueName}, ${FESTIVAL_STATE}`, venue: input.place }),
    organizer: organizerRef(input.siteUrl),
    ...(offer ? { offers: offer } : {}),
  };
}

export interface EventInput {
  name: string;
  path: string;
  startsAt: string;
  endsAt: string;
  venue: string;
  address: string;
  /** The festival venue's address and pin, for sessions held there. */
  place?: PlaceInput['venue'];
  description: string;
  image?: string;
  registrationUrl: string;
  siteUrl?: string;
  /** A session's speakers (issue 40 part 3): each a Person with their page. */
  performers?: ReadonlyArray<{ name: string; path: string }>;
  /** False: a session that needs its own ticket (no free offer). Default true. */
  free?: boolean;
}

export function eventJsonLd(input: EventInput): JsonLdObject {
  const free = input.free ?? true;
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: input.name,
    startDate: input.startsAt,
    endDate: input.endsAt,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    isAccessibleForFree: free,
    description: input.description,
    url: absoluteUrl(input.path, input.siteUrl),
    ...(input.image ? { image: [absoluteUrl(input.image, input.siteUrl)] } : {}),
    location: placeJsonLd({ name: input.venue, address: input.address, venue: input.place }),
    ...(input.performers && input.performers.length > 0
      ? { performer: input.performers.map((p) => ({ '@type': 'Person', name: p.name, url: absoluteUrl(p.path, input.siteUrl) })) }
      : {}),
    organizer: organizerRef(input.siteUrl),
    superEvent: { '@type': 'Festival', name: FESTIVAL_FULL_NAME },
    ...(free ? { offers: freeOffer(absoluteUrl(input.registrationUrl, input.siteUrl)) } : {}),
  };
}

export interface PersonInput {
  name: string;
  path: string;
  description: string;
  image?: string;
  jobTitle?: string;
  website?: string;
  siteUrl?: string;
}

/** A speaker's page (issue 40 part 3): a Person, sameAs their own website. */
export function personJsonLd(input: PersonInput): JsonLdObject {
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: input.name,
    url: absoluteUrl(input.path, input.siteUrl),
    description: input.description,
    ...(input.jobTitle ? { jobTitle: input.jobTitle } : {}),
    ...(input.image ? { image: absoluteUrl(input.image, input.siteUrl) } : {}),
    ...(input.website ? { sameAs: [input.website] } : {}),
  };
}

export interface ArticleInput {
  title: string;
  path: string;
  description: string;
  date: string;
  author?: string;
  image: string;
  category: string;
  tags: readonly string[];
  siteUrl?: string;
}

export function articleJsonLd(input: ArticleInput): JsonLdObject {
  const url = absoluteUrl(input.path, input.siteUrl);
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: input.title.slice(0, 110),
    description: input.description,
    datePublished: input.date,
    dateModified: input.date,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    image: [absoluteUrl(input.image, input.siteUrl), `${url}/opengraph-image`],
    articleSection: input.category,
    keywords: input.tags.join(', '),
    ...(input.author ? { author: { '@type': 'Person', name: input.author } } : { author: organizerRef(input.siteUrl) }),
    publisher: {
      '@type': 'Organization',
      name: FESTIVAL_FULL_NAME,
      logo: { '@type': 'ImageObject', url: absoluteUrl('/icon.svg', input.siteUrl) },
    },
  };
}

export function breadcrumbJsonLd(items: ReadonlyArray<{ name: string; path: string }>, siteUrl?: string): JsonLdObject {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: absoluteUrl(item.path, siteUrl),
    })),
  };
}

/**
 * JSON for a <script type="application/ld+json">: "<" is escaped so a "</script>" inside any
 * string (an API title, say) cannot close the element early.
 */
export function serializeJsonLd(data: JsonLdObject | readonly JsonLdObject[]): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
