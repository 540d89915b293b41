import { describe, expect, it } from 'vitest';
import { articleJsonLd, eventJsonLd, festivalJsonLd, organizationJsonLd, personJsonLd, serializeJsonLd } from './json-ld';
import { pageMetadata } from './metadata';
import { absoluteUrl } from './urls';

const site = 'https://itan.example';

describe('absoluteUrl', () => {
  it('joins paths to the site URL and leaves absolute URLs alone', () => {
    expect(absoluteUrl('/about', site)).toBe('https://itan.example/about');
    expect(absoluteUrl('about', site)).toBe('https://itan.example/about');
    expect(absoluteUrl('/', site)).toBe('https://itan.example/');
    expect(absoluteUrl('https://forms.example/x', site)).toBe('https://forms.example/x');
  });
});

describe('JSON-LD builders', () => {
  it('describes the festival with its dates, place and free offer', () => {
    const ld = festivalJsonLd({
      startDate: '2025-10-24',
      endDate: '2025-10-25',
      description: 'Two days',
      registrationUrl: '/register',
      siteUrl: site,
    });
    expect(ld['@type']).toBe('Festival');
    expect(ld.startDate).toBe('2025-10-24');
    expect(ld.endDate).toBe('2025-10-25');
    expect(ld.location).toMatchObject({ '@type': 'Place', address: { addressLocality: 'Abeokuta', addressCountry: 'NG' } });
    expect(ld.offers).toMatchObject({ price: '0', priceCurrency: 'NGN', url: 'https://itan.example/register' });
  });

  it('the festival follows the edition: its venue, and an offer that says where registration stands (none once closed)', () => {
    const base = { startDate: '2026-10-24', endDate: '2026-10-25', description: 'Two days', registrationUrl: '/register', siteUrl: site };
    const open = festivalJsonLd({ ...base, venueName: 'Kuto Hall, Abeokuta', registration: 'open' });
    expect(open.location).toMatchObject({ name: 'Kuto Hall, Abeokuta' });
    expect(open.offers).toMatchObject({ availability: 'https://schema.org/InStock' });
    expect(festivalJsonLd({ ...base, registration: 'not-yet', registrationOpensAt: '2026-09-01T08:00:00.000Z' }).offers).toMatchObject({
      availability: 'https://schema.org/PreOrder',
      validFrom: '2026-09-01T08:00:00.000Z',
    });
    expect(festivalJsonLd({ ...base, registration: 'sold-out' }).offers).toMatchObject({ availability: 'https://schema.org/SoldOut' });
    const closed = festivalJsonLd({ ...base, registration: 'closed' });
    expect(closed).not.toHaveProperty('offers');
    expect(closed.startDate).toBe('2026-10-24');
  });

  it('describes an event with its times and venue', () => {
    const ld = eventJsonLd({
      name: 'Opening Reading',
      path: '/events/opening',
      startsAt: '2025-10-24T10:00:00+01:00',
      endsAt: '2025-10-24T11:30:00+01:00',
      venue: 'Centenary Hall',
      address: 'Ake, Abeokuta',
      description: 'Readings',
      image: '/images/x.webp',
      registrationUrl: 'https://forms.example/r',
      siteUrl: site,
    });
    expect(ld).toMatchObject({
      '@type': 'Event',
      startDate: '2025-10-24T10:00:00+01:00',
      url: 'https://itan.example/events/opening',
      image: ['https://itan.example/images/x.webp'],
      location: { name: 'Centenary Hall', address: { streetAddress: 'Ake, Abeokuta' } },
    });
  });

  it('describes a report as an Article with author and date', () => {
    const ld = articleJsonLd({
      title: 'T',
      path: '/highlights/t',
      description: 'D',
      date: '2025-07-22',
      author: 'Ada',
      image: '/images/t.webp',
      category: 'Event Report',
      tags: ['A', 'B'],
      siteUrl: site,
    });
    expect(ld).toMatchObject({ '@type': 'Article', headline: 'T', datePublished: '2025-07-22', author: { name: 'Ada' } });
    expect(organizationJsonLd(site)).toMatchObject({ '@type': 'Organization', url: 'https://itan.example/' });
  });

  it('serializes so a string cannot close the script element', () => {
    const out = serializeJsonLd({ '@type': 'Thing', name: '</script><script>alert(1)</script>' });
    expect(out).not.toContain('<');
    expect(JSON.parse(out)).toEqual({ '@type': 'Thing', name: '</script><script>alert(1)</script>' });
  });
});

describe('pageMetadata', () => {
  it('sets an absolute canonical, Open Graph and Twitter tags', () => {
    process.env.SITE_URL ??= 'http://localhost:3000';
    const meta = pageMetadata({ title: 'About', description: 'Who we are', path: '/about', image: { url: '/a.webp', alt: 'A' } });
    const canonical = String(meta.alternates?.canonical);
    expect(canonical).toMatch(/^https?:\/\/.+\/about$/);
    expect(meta.openGraph).toMatchObject({ url: canonical, title: 'About · Ìtàn Festival' });
    expect(meta.twitter).toMatchObject({ card: 'summary_large_image' });
    expect(meta.title).toEqual({ absolute: 'About · Ìtàn Festival' });
  });
});

describe('the programme’s structured data (issue 40 part 3)', () => {
  const base = { name: 'Opening Reading', path: '/events/opening', startsAt: '2027-10-22T10:00:00+01:00', endsAt: '2027-10-22T11:30:00+01:00', venue: 'Centenary Hall · Main Hall', address: 'Centenary Hall, Ake', description: 'x', registrationUrl: '/register', siteUrl: 'https://itan.example' };
  it('a session names its speakers as performers (Person, name and page), and a ticketed one offers nothing free', () => {
    const ld = eventJsonLd({ ...base, performers: [{ name: 'Chika Okafor', path: '/speakers/chika-okafor' }], free: false });
    expect(ld.performer).toEqual([{ '@type': 'Person', name: 'Chika Okafor', url: 'https://itan.example/speakers/chika-okafor' }]);
    expect(ld.isAccessibleForFree).toBe(false);
    expect(ld.offers).toBeUndefined();
    const free = eventJsonLd(base);
    expect(free.performer).toBeUndefined();
    expect(free.isAccessibleForFree).toBe(true);
    expect(free.offers).toMatchObject({ price: '0' });
  });

  it('a speaker is a Person, sameAs their website', () => {
    expect(personJsonLd({ name: 'Chika Okafor', path: '/speakers/chika-okafor', description: 'Novelist.', jobTitle: 'Novelist', website: 'https://chika.example', image: '/api/media/c.webp', siteUrl: 'https://itan.example' })).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: 'Chika Okafor',
      url: 'https://itan.example/speakers/chika-okafor',
      description: 'Novelist.',
      jobTitle: 'Novelist',
      image: 'https://itan.example/api/media/c.webp',
      sameAs: ['https://chika.example'],
    });
  });
});
