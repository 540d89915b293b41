import { z } from 'zod';
import { text } from '@/contract/text';
import { HIGHLIGHT_DEFAULT_CATEGORY, HIGHLIGHT_DEFAULT_READ_TIME } from '@/contract/festival';

/**
 * The shapes of the content the /api/content/* endpoints return (spec §3). The site parses every
 * response with these; the built-in backend serves them; contract/fallbacks/ is typed by them.
 * Parsing is lenient where the spec allows alternatives (leftLabel or category, subtitle or date).
 */
export const heroSchema = z.object({
  title: text().min(1),
  body: text(),
  ctaText: text().min(1),
  heroImage: text().min(1),
  /** Written by staff with an uploaded image (issue 17); absent: the image is decorative. */
  heroImageAlt: text().optional(),
});
export type Hero = z.infer<typeof heroSchema>;

const eventCardSchema = z.object({
  title: text().min(1),
  image: text().min(1),
  slug: text().min(1),
});
const heroEventSchema = eventCardSchema.extend({ subtitle: text() });
export const eventsSchema = z.object({
  heroEvent: heroEventSchema,
  events: z.array(eventCardSchema),
});
export type EventCard = z.infer<typeof eventCardSchema>;
export type HeroEvent = z.infer<typeof heroEventSchema>;
export type Events = z.infer<typeof eventsSchema>;

export const programSchema = z
  .object({
    id: z.union([text(), z.number()]).transform(String),
    leftLabel: text().optional(),
    category: text().optional(),
    title: text().min(1),
    subtitle: text().optional(),
    date: text().optional(),
    avatar: text().min(1),
    slug: text().min(1),
  })
  .transform((p) => ({
    id: p.id,
    leftLabel: p.leftLabel ?? p.category ?? '',
    title: p.title,
    subtitle: p.subtitle ?? p.date ?? '',
    avatar: p.avatar,
    slug: p.slug,
  }));
export type Program = z.output<typeof programSchema>;

export const podcastSchema = z.object({
  id: z.union([text(), z.number()]).transform(String),
  title: text().min(1),
  image: text().min(1),
  youtubeUrl: z.url().optional(),
  spotifyUrl: z.url().optional(),
  description: text().optional(),
  duration: text().optional(),
});
export type Podcast = z.output<typeof podcastSchema>;

export const highlightSchema = z.object({
  id: z.union([text(), z.number()]).transform(String),
  title: text().min(1),
  excerpt: text().default(''),
  content: text().default(''),
  image: text().min(1),
  date: text().min(1),
  readTime: text().min(1).catch(HIGHLIGHT_DEFAULT_READ_TIME).default(HIGHLIGHT_DEFAULT_READ_TIME),
  category: text().min(1).catch(HIGHLIGHT_DEFAULT_CATEGORY).default(HIGHLIGHT_DEFAULT_CATEGORY),
  slug: text().min(1),
  author: text().default(''),
  tags: z.array(text()).default([]),
  /** The image's description, written by staff with the upload (issue 17); absent: decorative. */
  imageAlt: text().optional(),
});
export type Highlight = z.output<typeof highlightSchema>;

/** A paged list as the backend returns it (DRF style), or a plain array (spec §7). */
export const highlightListResponseSchema = z.union([
  z.array(highlightSchema).transform((results) => ({ results, count: results.length, next: null, previous: null })),
  z.object({
    results: z.array(highlightSchema),
    count: z.number().int().nonnegative().optional(),
    next: text().nullable().optional(),
    previous: text().nullable().optional(),
  }),
]);
export interface HighlightPage {
  results: Highlight[];
  count: number;
  next: string | null;
  previous: string | null;
}

// Static page data (not served by the API; lives in contract/fallbacks/ only).
const teamMemberSchema = z.object({ name: text(), role: text(), bio: text().optional(), photo: text().optional() });
const timelineEntrySchema = z.object({ year: z.number().int(), title: text(), body: text() });
const statisticSchema = z.object({ value: text(), label: text() });
export const aboutSchema = z.object({
  mission: text(),
  vision: text(),
  statistics: z.array(statisticSchema),
  timeline: z.array(timelineEntrySchema),
  team: z.array(teamMemberSchema),
});
export type About = z.infer<typeof aboutSchema>;

export const volunteerRoleSchema = z.object({
  id: text(),
  title: text(),
  description: text(),
  skills: z.array(text()),
  commitment: text(),
});
export const volunteerBenefitSchema = z.object({ title: text(), description: text() });
export type VolunteerRole = z.infer<typeof volunteerRoleSchema>;

/** A partner or sponsor (issue 40: an entries kind, contract/content/kinds.ts). */
export const partnerSchema = z.object({
  name: text().min(1),
  tier: z.enum(['sponsor', 'partner', 'media']),
  url: text().optional(),
  logo: text().optional(),
});
export type Partner = z.infer<typeof partnerSchema>;
export type VolunteerBenefit = z.infer<typeof volunteerBenefitSchema>;

/**
 * Details behind an event or programme link (/{slug} for events, /events/{slug} for programmes).
 * Static data: the API contract (spec §7) has no detail endpoint, so these live in contract/fallbacks/.
 * Times carry the Lagos offset (+01:00) so they read the same on any server.
 */
export const eventDetailSchema = z.object({
  slug: text().min(1),
  title: text().min(1),
  kind: z.enum(['event', 'program']),
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
  venue: text().min(1),
  address: text().min(1),
  description: text().min(1),
  image: text().min(1),
});
export type EventDetail = z.infer<typeof eventDetailSchema>;

// Visitor information and data protection (issue 16): page copy the built-in backend serves from
// contract/fallbacks/ (GET /api/content/visit/, /privacy/, /contact/, /donation-policy/).
const titledText = z.object({ title: text().min(1), body: text().min(1) });

export const visitSchema = z.object({
  venue: z.object({
    name: text().min(1),
    streetAddress: text().min(1),
    locality: text().min(1),
    region: text().min(1),
    postalCode: text().optional(),
    country: text().length(2),
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
  }),
  intro: text().min(1),
  directions: z.array(titledText).min(1),
  parking: text().min(1),
  /** Per festival day (0 = the first day of FESTIVAL_START_DATE..END_DATE): gates open and close, Lagos time. */
  openingHours: z.array(z.object({ day: z.number().int().nonnegative(), opens: text().regex(/^\d{2}:\d{2}$/), closes: text().regex(/^\d{2}:\d{2}$/), note: text().optional() })).min(1),
  bring: z.array(text().min(1)).min(1),
  accessibility: z.array(titledText).min(1),
  /** Empty when staff removed every question (issue 40: an entries kind, `faq`); the page then has no FAQ. */
  faq: z.array(z.object({ question: text().min(1), answer: text().min(1) })),
});
export type Visit = z.infer<typeof visitSchema>;

export const privacySchema = z.object({
  /** YYYY-MM-DD: when the notice last changed. */
  updated: text().regex(/^\d{4}-\d{2}-\d{2}$/),
  summary: text().min(1),
  controller: z.object({ name: text().min(1), address: text().min(1), email: z.email() }),
  /** What each form collects, why, on which lawful basis (NDPA 2023 s. 25), and for how long. */
  forms: z.array(
    z.object({ form: text().min(1), collects: text().min(1), purpose: text().min(1), lawfulBasis: text().min(1), kept: text().min(1) }),
  ).min(1),
  sections: z.array(z.object({ id: text().regex(/^[a-z0-9-]+$/), title: text().min(1), paragraphs: z.array(text()), items: z.array(text()).optional() })).min(1),
  /** Shown above the notice while its details are examples (the built-in copy's are), so the page says so. */
  note: text().min(1).optional(),
});
export type Privacy = z.infer<typeof privacySchema>;

export const contactInfoSchema = z.object({
  email: z.email(),
  phone: text().min(1),
  /** International format without + or spaces, for https://wa.me/<number>. */
  whatsapp: text().regex(/^\d{8,15}$/),
  postalAddress: text().min(1),
  social: z.array(z.object({ label: text().min(1), url: z.url() })),
  /** Shown with the details when they are examples (the built-in copy's are), so the page says so. */
  note: text().min(1).optional(),
});
export type ContactInfo = z.infer<typeof contactInfoSchema>;

export const donationPolicySchema = z.object({
  receipt: z.array(text().min(1)).min(1),
  refund: z.array(text().min(1)).min(1),
});
export type DonationPolicy = z.infer<typeof donationPolicySchema>;
