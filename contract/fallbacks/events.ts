import type { Events } from '@/contract/content/schemas';
import { SEED_EDITION, festivalTitle } from '@/contract/edition-copy';

/**
 * Upcoming events when /api/content/events/ cannot answer. The slugs are the festival's four
 * strands: the hero event links to /annual-festival, the grid items to /bi-monthly,
 * /literacy-libraries and /creative-economy (spec §2: grid items link to /{slug}). The festival's
 * title names the edition: written for SEED_EDITION here, and for the current edition when shown
 * (contract/content/shift.ts), so it never states a year or an ordinal of its own.
 */
export const eventsFallback: Events = {
  heroEvent: {
    title: festivalTitle(SEED_EDITION),
    subtitle: 'Books, art, music and film at Centenary Hall, Ake, Abeokuta',
    image: '/images/content/event-annual-festival.webp',
    slug: 'annual-festival',
  },
  events: [
    {
      title: 'Bi-Monthly Book Circle: Readings at the Rock',
      image: '/images/content/event-bi-monthly.webp',
      slug: 'bi-monthly',
    },
    {
      title: 'Reading Rooms: Literacy & Libraries Build Day',
      image: '/images/content/event-literacy-libraries.webp',
      slug: 'literacy-libraries',
    },
    {
      title: 'Creative Economy Forum: Making a Living from Stories',
      image: '/images/content/event-creative-economy.webp',
      slug: 'creative-economy',
    },
  ],
};
