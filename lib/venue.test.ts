import { describe, expect, it } from 'vitest';
import { visitFallback } from '@/contract/fallbacks';
import { eventJsonLd, placeJsonLd } from '@/lib/seo/json-ld';
import { geoUri, osmUrl, venueAddressLine } from './venue';

describe('venue links and structured data', () => {
  const venue = { ...visitFallback.venue, latitude: 7.159712, longitude: 3.3482 };

  it('OpenStreetMap and geo: links carry the pin, no third-party embed', () => {
    expect(osmUrl(venue)).toBe('https://www.openstreetmap.org/?mlat=7.15971&mlon=3.3482#map=17/7.15971/3.3482');
    expect(geoUri(venue)).toBe('geo:7.15971,3.3482?q=7.15971,3.3482(Centenary%20Hall)');
    expect(venueAddressLine(venue)).toBe('Centenary Hall, Ake Palace Road, Ake, Abeokuta, Ogun State 110101, Nigeria');
  });

  it('a place at the venue gets a PostalAddress and GeoCoordinates; elsewhere the address text as before', () => {
    expect(placeJsonLd({ name: 'Main Hall', venue })).toEqual({
      '@type': 'Place',
      name: 'Main Hall',
      address: { '@type': 'PostalAddress', streetAddress: 'Ake Palace Road, Ake', addressLocality: 'Abeokuta', addressRegion: 'Ogun State', postalCode: '110101', addressCountry: 'NG' },
      geo: { '@type': 'GeoCoordinates', latitude: 7.159712, longitude: 3.3482 },
    });
    const event = eventJsonLd({
      name: 'Stories on Screen',
      path: '/events/stories-on-screen',
      startsAt: '2025-10-25T14:00:00+01:00',
      endsAt: '2025-10-25T17:00:00+01:00',
      venue: 'Olumo Rock',
      address: 'Olumo Rock Tourist Complex, Ikija, Abeokuta',
      description: 'x',
      registrationUrl: '/register',
    });
    expect(event.location).toMatchObject({ '@type': 'Place', name: 'Olumo Rock', address: { streetAddress: 'Olumo Rock Tourist Complex, Ikija, Abeokuta' } });
    expect((event.location as Record<string, unknown>).geo).toBeUndefined();
  });
});
