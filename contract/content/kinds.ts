import { VOLUNTEER_ROLE_IDS } from '../festival';
import { aboutFallback } from '../fallbacks/about';
import { contactInfoFallback } from '../fallbacks/contact';
import { donationPolicyFallback } from '../fallbacks/donation-policy';
import { podcastsFallback } from '../fallbacks/podcasts';
import { privacyFallback } from '../fallbacks/privacy';
import { visitFallback } from '../fallbacks/visit';
import { volunteerBenefitsFallback, volunteerRolesFallback } from '../fallbacks/volunteer';
import type { EditionFacts } from '../edition-copy';
import type { EntryData, EntryField } from './entry-fields';
import { SESSION_FIELDS, SPEAKER_FIELDS, VENUE_FIELDS, sessionProblems, sessionsFallback, speakersFallback, venuesFallback } from './programme';

/**
 * The content organisers edit as entries (issue 40): one row each in this table, naming its
 * fields (the editor's form and the schema: entry-fields.ts), its fallback (what a fresh machine
 * shows and the built-in backend seeds once), the public page that shows it (the editor's preview
 * and the pages revalidated after a change), and how it is edited:
 *
 *   singleton    one record (the about page's mission and vision): edited, published
 *   collection   a list (team members, FAQ items): added, edited, published or kept as a draft,
 *                reordered, deleted
 *
 * The hero, the event cards, the events' details and the reports have editors of their own
 * (EDITED_ELSEWHERE; the programme's sessions, speakers and venues are kinds here): they are content too, listed so a test can check every kind has an editor.
 */
export interface ContentKindBase {
  key: string;
  /** The staff area's name for it. */
  title: string;
  /** One sentence for the staff list: where it shows. */
  description: string;
  fields: readonly EntryField[];
  /** The public page that shows it. */
  page: `/${string}`;
  /** Checks across fields, after each field's own: the problems, each on a field. */
  checks?: (data: EntryData) => Array<{ field: string; message: string }>;
}

export interface SingletonKind extends ContentKindBase {
  shape: 'singleton';
  /** What a fresh machine shows; written for the current edition where it names dates. */
  fallback: (edition: EditionFacts) => EntryData;
}

export interface CollectionKind extends ContentKindBase {
  shape: 'collection';
  /** The field that names an entry in the staff list. */
  label: string;
  /** A field whose value no two entries may share (a volunteer role's id). */
  unique?: string;
  /** Published entries the page needs (its endpoint's schema asks for them): the last ones cannot be taken off or deleted. */
  minPublished?: number;
  /** The seeded entries' ids, where the spec's answer carries them (a podcast's id); default seed-1, seed-2... */
  seedIds?: () => readonly string[];
  /**
   * Entries whose order is their data, not their place in the list (a programme's sessions run by
   * day and time): the staff list shows them by these fields, under their edition, and offers no
   * "Move up / Move down" (the public page orders them itself). Field names of the kind: `date`
   * (YYYY-MM-DD), `time` (HH:MM, optional), `edition` (the edition's key, optional: the list is
   * then filtered by edition, the current one first).
   */
  orderedBy?: { date: string; time?: string; edition?: string };
  fallback: (edition: EditionFacts) => EntryData[];
}

export type ContentKind = SingletonKind | CollectionKind;

const singleton = <const K extends Omit<SingletonKind, 'shape'>>(kind: K) => ({ ...kind, shape: 'singleton' as const }) satisfies SingletonKind;
const collection = <const K extends Omit<CollectionKind, 'shape'>>(kind: K) => ({ ...kind, shape: 'collection' as const }) satisfies CollectionKind;

/** A volunteer role's short name, by its id: the editor's choices, and the words the inbox falls back on when no entry names the role. */
export const ROLE_LABELS: Record<(typeof VOLUNTEER_ROLE_IDS)[number], string> = {
  'welcome-team': 'Welcome & registration',
  'stage-management': 'Stage & sessions',
  'reading-rooms': 'Reading Rooms',
  'exhibition-guide': 'Exhibition guide',
  'media-crew': 'Media crew',
  logistics: 'Logistics',
};

export const PARTNER_TIERS = [
  { value: 'sponsor', label: 'Sponsor' },
  { value: 'partner', label: 'Partner' },
  { value: 'media', label: 'Media partner' },
] as const;

export const CONTENT_KINDS = {
  about: singleton({
    key: 'about',
    title: 'About: mission and vision',
    description: 'The two statements at the top of the about page.',
    page: '/about',
    fields: [
      { name: 'mission', label: 'Mission', kind: 'prose', max: 1000 },
      { name: 'vision', label: 'Vision', kind: 'prose', max: 1000 },
    ],
    fallback: () => ({ mission: aboutFallback.mission, vision: aboutFallback.vision }),
  }),
  statistics: collection({
    key: 'statistics',
    title: 'About: figures',
    description: 'The figures under the mission (years of activity, events, participants).',
    page: '/about',
    label: 'label',
    fields: [
      { name: 'value', label: 'Figure', kind: 'text', max: 20, hint: 'As it should read: 1,000+' },
      { name: 'label', label: 'What it counts', kind: 'text', max: 80 },
    ],
    fallback: () => aboutFallback.statistics.map((s) => ({ ...s })),
  }),
  timeline: collection({
    key: 'timeline',
    title: 'About: our story',
    description: 'The years of the festival’s story, in the order shown.',
    page: '/about',
    label: 'title',
    fields: [
      { name: 'year', label: 'Year', kind: 'integer', min: 1900, max: 2100 },
      { name: 'title', label: 'Title', kind: 'text', max: 120 },
      { name: 'body', label: 'What happened', kind: 'prose', max: 600 },
    ],
    fallback: () => aboutFallback.timeline.map((t) => ({ ...t })),
  }),
  team: collection({
    key: 'team',
    title: 'About: the team',
    description: 'The people who run the festival, with their roles.',
    page: '/about',
    label: 'name',
    fields: [
      { name: 'name', label: 'Name', kind: 'text', max: 100 },
      { name: 'role', label: 'Role', kind: 'text', max: 100 },
      { name: 'bio', label: 'One line about their work', kind: 'prose', max: 400, optional: true },
      { name: 'photo', label: 'Photo', kind: 'image', optional: true },
    ],
    fallback: () => aboutFallback.team.map((m) => ({ name: m.name, role: m.role, ...(m.bio ? { bio: m.bio } : {}) })),
  }),
  partners: collection({
    key: 'partners',
    title: 'Partners and sponsors',
    description: 'Shown on the about page, sponsors first.',
    page: '/about',
    label: 'name',
    fields: [
      { name: 'name', label: 'Name', kind: 'text', max: 120 },
      { name: 'tier', label: 'Kind', kind: 'select', options: PARTNER_TIERS },
      { name: 'url', label: 'Website', kind: 'url', optional: true },
      { name: 'logo', label: 'Logo', kind: 'image', optional: true },
    ],
    fallback: () => [],
  }),
  visit: singleton({
    key: 'visit',
    title: 'Visit: the venue and getting there',
    description: 'The venue, its map pin, parking and what to bring, on the visit page (and in every event’s location).',
    page: '/visit',
    fields: [
      { name: 'venueName', label: 'Venue', kind: 'text', max: 120 },
      { name: 'streetAddress', label: 'Street address', kind: 'text', max: 200 },
      { name: 'locality', label: 'Town or city', kind: 'text', max: 100 },
      { name: 'region', label: 'State', kind: 'text', max: 100 },
      { name: 'postalCode', label: 'Postcode', kind: 'text', max: 20, optional: true },
      { name: 'country', label: 'Country code', kind: 'text', max: 2, pattern: { source: '[A-Z]{2}', message: 'Two capital letters, for example NG' } },
      { name: 'latitude', label: 'Map pin: latitude', kind: 'number', min: -90, max: 90, hint: 'Decimal degrees, for example 7.1597' },
      { name: 'longitude', label: 'Map pin: longitude', kind: 'number', min: -180, max: 180, hint: 'Decimal degrees, for example 3.3482' },
      { name: 'intro', label: 'Introduction', kind: 'prose', max: 1000 },
      { name: 'parking', label: 'Parking', kind: 'prose', max: 1500 },
      { name: 'bring', label: 'What to bring', kind: 'lines', max: 12, hint: 'One item per line.' },
    ],
    fallback: () => {
      const { venue, intro, parking, bring } = visitFallback;
      return {
        venueName: venue.name,
        streetAddress: venue.streetAddress,
        locality: venue.locality,
        region: venue.region,
        ...(venue.postalCode ? { postalCode: venue.postalCode } : {}),
        country: venue.country,
        latitude: venue.latitude,
        longitude: venue.longitude,
        intro,
        parking,
        bring: [...bring],
      };
    },
  }),
  directions: collection({
    key: 'directions',
    minPublished: 1,
    title: 'Visit: how to get there',
    description: 'Directions by road and public transport, on the visit page.',
    page: '/visit',
    label: 'title',
    fields: [
      { name: 'title', label: 'Heading', kind: 'text', max: 120 },
      { name: 'body', label: 'Directions', kind: 'prose', max: 1500 },
    ],
    fallback: () => visitFallback.directions.map((d) => ({ ...d })),
  }),
  openingHours: collection({
    key: 'openingHours',
    minPublished: 1,
    title: 'Visit: gate times',
    description: 'When the gates open and close on each festival day (Lagos time).',
    page: '/visit',
    label: 'day',
    fields: [
      { name: 'day', label: 'Festival day', kind: 'integer', min: 1, max: 14, hint: '1 is the first day of the festival.' },
      { name: 'opens', label: 'Gates open', kind: 'time' },
      { name: 'closes', label: 'Gates close', kind: 'time' },
      { name: 'note', label: 'Note', kind: 'text', max: 200, optional: true },
    ],
    fallback: () => visitFallback.openingHours.map((h) => ({ ...h, day: h.day + 1 })),
  }),
  accessibility: collection({
    key: 'accessibility',
    minPublished: 1,
    title: 'Visit: access',
    description: 'Step-free routes, seating, interpretation and quiet space, on the visit page.',
    page: '/visit',
    label: 'title',
    fields: [
      { name: 'title', label: 'Heading', kind: 'text', max: 120 },
      { name: 'body', label: 'What is offered', kind: 'prose', max: 1500 },
    ],
    fallback: () => visitFallback.accessibility.map((a) => ({ ...a })),
  }),
  faq: collection({
    key: 'faq',
    title: 'Visit: questions and answers',
    description: 'The FAQ on the visit page.',
    page: '/visit',
    label: 'question',
    fields: [
      { name: 'question', label: 'Question', kind: 'text', max: 200 },
      { name: 'answer', label: 'Answer', kind: 'prose', max: 1500 },
    ],
    fallback: () => visitFallback.faq.map((f) => ({ ...f })),
  }),
  volunteerRoles: collection({
    key: 'volunteerRoles',
    title: 'Volunteer: roles',
    description: 'The roles on the volunteer page; the application form offers the same ones.',
    page: '/volunteer',
    label: 'title',
    unique: 'id',
    fields: [
      // The application form accepts these six (contract/festival.ts): a role is described here, not invented.
      { name: 'id', label: 'Role', kind: 'select', options: VOLUNTEER_ROLE_IDS.map((id) => ({ value: id, label: ROLE_LABELS[id] })) },
      { name: 'title', label: 'Title', kind: 'text', max: 120 },
      { name: 'description', label: 'What the role does', kind: 'prose', max: 600 },
      { name: 'skills', label: 'Skills', kind: 'lines', max: 8, hint: 'One per line.' },
      { name: 'commitment', label: 'Time it takes', kind: 'text', max: 120 },
    ],
    fallback: () => volunteerRolesFallback.map((r) => ({ ...r, skills: [...r.skills] })),
  }),
  volunteerBenefits: collection({
    key: 'volunteerBenefits',
    title: 'Volunteer: what you get',
    description: 'What volunteers receive, on the volunteer page.',
    page: '/volunteer',
    label: 'title',
    fields: [
      { name: 'title', label: 'Title', kind: 'text', max: 120 },
      { name: 'description', label: 'Description', kind: 'prose', max: 600 },
    ],
    fallback: () => volunteerBenefitsFallback.map((b) => ({ ...b })),
  }),
  podcasts: collection({
    key: 'podcasts',
    title: 'Podcast episodes',
    description: 'The episodes on the home page, newest first as ordered here (GET /api/content/podcasts/).',
    page: '/',
    label: 'title',
    fields: [
      { name: 'title', label: 'Title', kind: 'text', max: 160 },
      { name: 'image', label: 'Cover image', kind: 'image' },
      { name: 'youtubeUrl', label: 'YouTube link', kind: 'url', optional: true },
      { name: 'spotifyUrl', label: 'Spotify link', kind: 'url', optional: true },
      { name: 'description', label: 'About the episode', kind: 'prose', max: 1000, optional: true },
      { name: 'duration', label: 'Length', kind: 'text', max: 20, optional: true, hint: 'As it should read: 42 min' },
    ],
    seedIds: () => podcastsFallback.map((p) => p.id),
    fallback: () => podcastsFallback.map(({ id: _id, ...rest }) => {
      void _id;
      return { ...rest };
    }),
  }),
  contact: singleton({
    key: 'contact',
    title: 'Contact: the festival’s addresses',
    description: 'Email, phone, WhatsApp and postal address on the contact page.',
    page: '/contact',
    fields: [
      { name: 'email', label: 'Email address', kind: 'email' },
      { name: 'phone', label: 'Phone number', kind: 'text', max: 30 },
      { name: 'whatsapp', label: 'WhatsApp number', kind: 'text', max: 15, pattern: { source: '\\d{8,15}', message: 'The number in international form, digits only: 2348031234567' } },
      { name: 'postalAddress', label: 'Postal address', kind: 'prose', max: 300 },
      { name: 'note', label: 'Note shown above the details', kind: 'prose', max: 300, optional: true, hint: 'Leave empty once the details are the festival’s own.' },
    ],
    fallback: () => {
      const { social: _social, ...rest } = contactInfoFallback;
      void _social;
      return { ...rest };
    },
  }),
  socialLinks: collection({
    key: 'socialLinks',
    title: 'Contact: social media',
    description: 'The festival’s accounts, linked from the contact page.',
    page: '/contact',
    label: 'label',
    fields: [
      { name: 'label', label: 'Name', kind: 'text', max: 60 },
      { name: 'url', label: 'Address', kind: 'url' },
    ],
    fallback: () => contactInfoFallback.social.map((l) => ({ ...l })),
  }),
  donationPolicy: singleton({
    key: 'donationPolicy',
    title: 'Donations: receipts and refunds',
    description: 'The receipt and refund policy on the donation page.',
    page: '/donations',
    fields: [
      { name: 'receipt', label: 'Receipts', kind: 'paragraphs', max: 8, hint: 'A blank line between paragraphs.' },
      { name: 'refund', label: 'Refunds', kind: 'paragraphs', max: 8, hint: 'A blank line between paragraphs.' },
    ],
    fallback: () => ({ receipt: [...donationPolicyFallback.receipt], refund: [...donationPolicyFallback.refund] }),
  }),
  privacy: singleton({
    key: 'privacy',
    title: 'Privacy notice: summary and controller',
    description: 'The top of the privacy notice: when it changed, its summary and who is responsible.',
    page: '/privacy',
    fields: [
      { name: 'updated', label: 'Last changed', kind: 'date' },
      { name: 'summary', label: 'Summary', kind: 'prose', max: 1000 },
      { name: 'controllerName', label: 'Controller: legal name', kind: 'text', max: 200 },
      { name: 'controllerAddress', label: 'Controller: address', kind: 'prose', max: 300 },
      { name: 'controllerEmail', label: 'Controller: privacy email', kind: 'email' },
      { name: 'note', label: 'Note shown above the notice', kind: 'prose', max: 400, optional: true, hint: 'Leave empty once the details are the festival’s own.' },
    ],
    fallback: () => ({
      updated: privacyFallback.updated,
      summary: privacyFallback.summary,
      controllerName: privacyFallback.controller.name,
      controllerAddress: privacyFallback.controller.address,
      controllerEmail: privacyFallback.controller.email,
      ...(privacyFallback.note ? { note: privacyFallback.note } : {}),
    }),
  }),
  privacyForms: collection({
    key: 'privacyForms',
    minPublished: 1,
    title: 'Privacy notice: what each form collects',
    description: 'One row per form: what it collects, why, on which lawful basis, and for how long.',
    page: '/privacy',
    label: 'form',
    fields: [
      { name: 'form', label: 'Form', kind: 'text', max: 120 },
      { name: 'collects', label: 'What it collects', kind: 'prose', max: 500 },
      { name: 'purpose', label: 'Why', kind: 'prose', max: 500 },
      { name: 'lawfulBasis', label: 'Lawful basis', kind: 'prose', max: 300 },
      { name: 'kept', label: 'How long it is kept', kind: 'prose', max: 300 },
    ],
    fallback: () => privacyFallback.forms.map((f) => ({ ...f })),
  }),
  privacySections: collection({
    key: 'privacySections',
    minPublished: 1,
    title: 'Privacy notice: sections',
    description: 'The notice’s sections, in order.',
    page: '/privacy',
    label: 'title',
    unique: 'id',
    fields: [
      { name: 'id', label: 'Link name', kind: 'text', max: 60, pattern: { source: '[a-z0-9-]+', message: 'Small letters, digits and hyphens: your-rights' }, hint: 'The address of the section: /privacy#your-rights' },
      { name: 'title', label: 'Heading', kind: 'text', max: 120 },
      { name: 'paragraphs', label: 'Text', kind: 'paragraphs', max: 10, hint: 'A blank line between paragraphs.' },
      { name: 'items', label: 'List under the text', kind: 'lines', max: 12, optional: true, hint: 'One item per line.' },
    ],
    fallback: () => privacyFallback.sections.map((section) => ({ ...section, paragraphs: [...section.paragraphs], ...(section.items ? { items: [...section.items] } : {}) })),
  }),
  venues: collection({
    key: 'venues',
    title: 'Programme: venues',
    description: 'The places sessions happen, with their access; the programme filters by them.',
    page: '/programme',
    label: 'name',
    unique: 'slug',
    fields: VENUE_FIELDS,
    fallback: venuesFallback,
  }),
  speakers: collection({
    key: 'speakers',
    title: 'Programme: speakers and artists',
    description: 'The people in the programme: each has a page at /speakers/{link name}.',
    page: '/speakers',
    label: 'name',
    unique: 'slug',
    fields: SPEAKER_FIELDS,
    fallback: speakersFallback,
  }),
  sessions: collection({
    key: 'sessions',
    title: 'Programme: sessions',
    description: 'Every session of every edition: /programme shows the current edition’s, by day and time.',
    page: '/programme',
    label: 'title',
    unique: 'slug',
    fields: SESSION_FIELDS,
    orderedBy: { date: 'date', time: 'starts', edition: 'edition' },
    checks: sessionProblems,
    fallback: sessionsFallback,
  }),
} as const satisfies Record<string, ContentKind>;

export type ContentKindKey = keyof typeof CONTENT_KINDS;

/** The content with editors of its own (the staff pages that edit it). */
export const EDITED_ELSEWHERE = {
  hero: '/staff/events',
  events: '/staff/events',
  eventDetails: '/staff/events',
  highlights: '/staff/reports',
} as const;

/** The singleton's one entry id. */
export const SINGLETON_ID = 'main';

export function contentKind(key: unknown): ContentKind | undefined {
  return typeof key === 'string' && Object.hasOwn(CONTENT_KINDS, key) ? (CONTENT_KINDS as Record<string, ContentKind>)[key] : undefined;
}
