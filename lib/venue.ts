import type { Visit } from '@/contract/content/schemas';

/**
 * Map links for the venue (issue 16): an OpenStreetMap page and a geo: URI (RFC 5870) that
 * phones open in their own maps app. Links only: no embedded map, so no third-party script or
 * cookie on our pages.
 */
export type Venue = Visit['venue'];

const coord = (n: number) => n.toFixed(5).replace(/\.?0+$/, '');

export function osmUrl(venue: Pick<Venue, 'latitude' | 'longitude'>, zoom = 17): string {
  const lat = coord(venue.latitude);
  const lon = coord(venue.longitude);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=${zoom}/${lat}/${lon}`;
}

export function geoUri(venue: Pick<Venue, 'latitude' | 'longitude' | 'name'>): string {
  return `geo:${coord(venue.latitude)},${coord(venue.longitude)}?q=${coord(venue.latitude)},${coord(venue.longitude)}(${encodeURIComponent(venue.name)})`;
}

/** "Centenary Hall, Ake Palace Road, Ake, Abeokuta, Ogun State 110101, Nigeria". */
export function venueAddressLine(venue: Venue): string {
  const region = venue.postalCode ? `${venue.region} ${venue.postalCode}` : venue.region;
  return [venue.name, venue.streetAddress, venue.locality, region, venue.country === 'NG' ? 'Nigeria' : venue.country].join(', ');
}
