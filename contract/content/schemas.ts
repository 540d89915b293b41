import { z } from 'zod';
import { HIGHLIGHT_DEFAULT_CATEGORY, HIGHLIGHT_DEFAULT_READ_TIME } from '@/contract/festival';

/**
 * The shapes of the content the /api/content/* endpoints return (spec §3). The site parses every
 * response with these; the built-in backend serves them; contract/fallbacks/ is typed by them.
 * Parsing is lenient where the spec allows alternatives (leftLabel or category, subtitle or date).
 */
export const heroSchema = z.object({
  title: z.string().min(1),
  body: z.string(),
  ctaText: z.string().min(1),
  heroImage: z.string().min(1),
  /** Written by staff with an uploaded image (issue 17); absent: the image is decorative. */
  heroImageAlt: z.string().optional(),
});
export type Hero = z.infer<typeof heroSchema>;

const eventCardSchema = z.object({
  title: z.string().min(1),
  image: z.string().min(1),
  slug: z.string().min(1),
});
const heroEventSchema = eventCardSchema.extend({ subtitle: z.string() });
export const eventsSchema = z.object({
  heroEvent: heroEventSchema,
  events: z.array(eventCardSchema),
});
export type EventCard = z.infer<typeof eventCardSchema>;
export type HeroEvent = z.infer<typeof heroEventSchema>;
export type Events = z.infer<typeof eventsSchema>;

export const programSchema = z
  .object({
    id: z.union([z.string(), z.number()]).transform(String),
    leftLabel: z.string().optional(),
    category: z.string().optional(),
    title: z.string().min(1),
    subtitle: z.string().optional(),
    date: z.string().optional(),
    avatar: z.string().min(1),
    slug: z.string().min(1),
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
  id: z.union([z.string(), z.number()]).transform(String),
  title: z.string().min(1),
  image: z.string().min(1),
  youtubeUrl: z.url().optional(),
  spotifyUrl: z.url().optional(),
  description: z.string().optional(),
  duration: z.string().optional(),
});
export type Podcast = z.output<typeof podcastSchema>;

export const highlightSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  title: z.string().min(1),
  excerpt: z.string().default(''),
  content: z.string().default(''),
  image: z.string().min(1),
  date: z.string().min(1),
  readTime: z.string().min(1).catch(HIGHLIGHT_DEFAULT_READ_TIME).default(HIGHLIGHT_DEFAULT_READ_TIME),
  category: z.string().min(1).catch(HIGHLIGHT_DEFAULT_CATEGORY).default(HIGHLIGHT_DEFAULT_CATEGORY),
  slug: z.string().min(1),
  author: z.string().default(''),
  tags: z.array(z.string()).default([]),
  /** The image's description, written by staff with the upload (issue 17); absent: decorative. */
  imageAlt: z.string().optional(),
});
export type Highlight = z.output<typeof highlightSchema>;

/** A paged list as the backend returns it (DRF style), or a plain array (spec §7). */
export const highlightListResponseSchema = z.union([
  z.array(highlightSchema).transform((results) => ({ results, count: results.length, next: null, previous: null })),
  z.object({
    results: z.array(highlightSchema),
    count: z.number().int().nonnegative().optional(),
    next: z.string().nullable().optional(),
    previous: z.string().nullable().optional(),
  }),
]);
export interface HighlightPage {
  results: Highlight[];
  count: number;
  next: string | null;
  previous: string | null;
}

// Static page data (not served by the API; lives in contract/fallbacks/ only).
const teamMemberSchema = z.object({ name: z.string(), role: z.string(), bio: z.string().optional() });
const timelineEntrySchema = z.object({ year: z.number().int(), title: z.string(), body: z.string() });
const statisticSchema = z.object({ value: z.string(), label: z.string() });
export const aboutSchema = z.object({
  mission: z.string(),
  vision: z.string(),
  statistics: z.array(statisticSchema),
  timeline: z.array(timelineEntrySchema),
  team: z.array(teamMemberSchema),
});
export type About = z.infer<typeof aboutSchema>;

export const volunteerRoleSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  skills: z.array(z.string()),
  commitment: z.string(),
});
export const volunteerBenefitSchema = z.object({ title: z.string(), description: z.string() });
export type VolunteerRole = z.infer<typeof volunteerRoleSchema>;
export type VolunteerBenefit = z.infer<typeof volunteerBenefitSchema>;

/**
 * Details behind an event or programme link (/{slug} for events, /events/{slug} for programmes).
 * Static data: the API contract (spec §7) has no detail endpoint, so these live in contract/fallbacks/.
 * Times carry the Lagos offset (+01:00) so they read the same on any server.
 */
export const eventDetailSchema = z.object({
  slug: z.string().min(1),
  title: z.string().min(1),
  kind: z.enum(['event', 'program']),
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
  venue: z.string().min(1),
  address: z.string().min(1),
  description: z.string().min(1),
  image: z.string().min(1),
});
export type EventDetail = z.infer<typeof eventDetailSchema>;

// Visitor information and data protection (issue 16): page copy the built-in backend serves from
// contract/fallbacks/ (GET /api/content/visit/, /privacy/, /contact/, /donation-policy/).
const titledText = z.object({ title: z.string().min(1), body: z.string().min(1) });

export const visitSchema = z.object({
  venue: z.object({
    name: z.string().min(1),
    streetAddress: z.string().min(1),
    locality: z.string().min(1),
    region: z.string().min(1),
    postalCode: z.string().optional(),
    country: z.string().length(2),
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
  }),
  intro: z.string().min(1),
  directions: z.array(titledText).min(1),
  parking: z.string().min(1),
  /** Per festival day (0 = the first day of FESTIVAL_START_DATE..END_DATE): gates open and close, Lagos time. */
  openingHours: z.array(z.object({ day: z.number().int().nonnegative(), opens: z.string().regex(/^\d{2}:\d{2}$/), closes: z.string().regex(/^\d{2}:\d{2}$/), note: z.string().optional() })).min(1),
  bring: z.array(z.string().min(1)).min(1),
  accessibility: z.array(titledText).min(1),
  faq: z.array(z.object({ question: z.string().min(1), answer: z.string().min(1) })).min(1),
});
export type Visit = z.infer<typeof visitSchema>;

export const privacySchema = z.object({
  /** YYYY-MM-DD: when the notice last changed. */
  updated: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  summary: z.string().min(1),
  controller: z.object({ name: z.string().min(1), address: z.string().min(1), email: z.email() }),
  /** What each form collects, why, on which lawful basis (NDPA 2023 s. 25), and for how long. */
  forms: z.array(
    z.object({ form: z.string().min(1), collects: z.string().min(1), purpose: z.string().min(1), lawfulBasis: z.string().min(1), kept: z.string().min(1) }),
  ).min(1),
  sections: z.array(z.object({ id: z.string().regex(/^[a-z0-9-]+$/), title: z.string().min(1), paragraphs: z.array(z.string()), items: z.array(z.string()).optional() })).min(1),
});
export type Privacy = z.infer<typeof privacySchema>;

export const contactInfoSchema = z.object({
  email: z.email(),
  phone: z.string().min(1),
  /** International format without + or spaces, for https://wa.me/<number>. */
  whatsapp: z.string().regex(/^\d{8,15}$/),
  postalAddress: z.string().min(1),
  social: z.array(z.object({ label: z.string().min(1), url: z.url() })),
});
export type ContactInfo = z.infer<typeof contactInfoSchema>;

export const donationPolicySchema = z.object({
  receipt: z.array(z.string().min(1)).min(1),
  refund: z.array(z.string().min(1)).min(1),
});
export type DonationPolicy = z.infer<typeof donationPolicySchema>;
