import type { EntryData } from './entry-fields';
import type { ContentKindKey } from './kinds';
import { contactInfoSchema, donationPolicySchema, privacySchema, visitSchema, type ContactInfo, type DonationPolicy, type Privacy, type Visit } from './schemas';

/**
 * The spec's page-copy endpoints (GET /api/content/visit/, /contact/, /privacy/, /donation-policy/)
 * answer one object each; organisers edit them as entries (issue 40): a singleton for the page's
 * own fields and a collection for each of its lists. Each block is put together from its kinds'
 * entries here, once, for the built-in backend (the published entries) and for a staff preview on
 * the site (the drafts), and checked with the endpoint's own schema.
 */
export type Entries = (key: ContentKindKey) => EntryData[];

const one = (get: Entries, key: ContentKindKey): EntryData => get(key)[0] ?? {};

export const CONTENT_BLOCKS = {
  visit: {
    kinds: ['visit', 'directions', 'openingHours', 'accessibility', 'faq'],
    assemble: (get: Entries): Visit => {
      const v = one(get, 'visit');
      return visitSchema.parse({
        venue: { name: v.venueName, streetAddress: v.streetAddress, locality: v.locality, region: v.region, ...(v.postalCode ? { postalCode: v.postalCode } : {}), country: v.country, latitude: v.latitude, longitude: v.longitude },
        intro: v.intro,
        directions: get('directions'),
        parking: v.parking,
        // Staff count the days from 1; the contract from 0 (the first day of the edition).
        openingHours: get('openingHours').map((h) => ({ ...h, day: Number(h.day) - 1 })),
        bring: v.bring,
        accessibility: get('accessibility'),
        faq: get('faq'),
      });
    },
  },
  contact: {
    kinds: ['contact', 'socialLinks'],
    assemble: (get: Entries): ContactInfo => contactInfoSchema.parse({ ...one(get, 'contact'), social: get('socialLinks') }),
  },
  'donation-policy': {
    kinds: ['donationPolicy'],
    assemble: (get: Entries): DonationPolicy => donationPolicySchema.parse(one(get, 'donationPolicy')),
  },
  privacy: {
    kinds: ['privacy', 'privacyForms', 'privacySections'],
    assemble: (get: Entries): Privacy => {
      const p = one(get, 'privacy');
      return privacySchema.parse({
        updated: p.updated,
        summary: p.summary,
        controller: { name: p.controllerName, address: p.controllerAddress, email: p.controllerEmail },
        forms: get('privacyForms'),
        sections: get('privacySections'),
        ...(typeof p.note === 'string' && p.note !== '' ? { note: p.note } : {}),
      });
    },
  },
} as const satisfies Record<string, { kinds: readonly ContentKindKey[]; assemble: (get: Entries) => unknown }>;

export type ContentBlockKey = keyof typeof CONTENT_BLOCKS;
