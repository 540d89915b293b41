import type { Program } from '@/contract/content/schemas';
import { sessionSubtitle } from '@/contract/edition-copy';
import { eventDetailsFallback } from './event-details';

/** "Friday 24 October · 10:00": the seeded session's own start, so no weekday is written by hand. */
function startOf(slug: string): string {
  const detail = eventDetailsFallback.find((d) => d.slug === slug);
  if (!detail) throw new Error(`programsFallback: no event detail for ${slug}`);
  return sessionSubtitle(detail.startsAt);
}

/**
 * The seeded edition's programme when /api/content/programs/ cannot answer. Rows link to
 * /events/{slug}; the site shows each row's time from its session (lib/content/programme.ts).
 */
export const programsFallback: Program[] = [
  {
    id: '1',
    leftLabel: 'Readings',
    title: 'Opening Reading: Letters from Ake',
    subtitle: startOf('opening-reading-letters-from-ake'),
    avatar: '/images/content/avatar-opening-reading-letters-from-ake.webp',
    slug: 'opening-reading-letters-from-ake',
  },
  {
    id: '2',
    leftLabel: 'Visual Art',
    title: 'Indigo & Ink: An Adire and Illustration Exhibition',
    subtitle: startOf('indigo-and-ink'),
    avatar: '/images/content/avatar-indigo-and-ink.webp',
    slug: 'indigo-and-ink',
  },
  {
    id: '3',
    leftLabel: 'Poetry',
    title: 'Poetry Under Olumo: Open Mic Night',
    subtitle: startOf('poetry-under-olumo'),
    avatar: '/images/content/avatar-poetry-under-olumo.webp',
    slug: 'poetry-under-olumo',
  },
  {
    id: '4',
    leftLabel: 'Film',
    title: 'Stories on Screen: From Page to Nollywood',
    subtitle: startOf('stories-on-screen'),
    avatar: '/images/content/avatar-stories-on-screen.webp',
    slug: 'stories-on-screen',
  },
  {
    id: '5',
    leftLabel: 'Music',
    title: 'Homecoming: A Closing Concert of Highlife and Apala',
    subtitle: startOf('homecoming-closing-concert'),
    avatar: '/images/content/avatar-homecoming-closing-concert.webp',
    slug: 'homecoming-closing-concert',
  },
];
