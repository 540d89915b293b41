import type { Program } from '@/contract/content/schemas';

/** The inaugural edition's programme when /api/content/programs/ cannot answer. Rows link to /events/{slug}. */
export const programsFallback: Program[] = [
  {
    id: '1',
    leftLabel: 'Readings',
    title: 'Opening Reading: Letters from Ake',
    subtitle: 'Friday 24 October · 10:00',
    avatar: '/images/content/avatar-opening-reading-letters-from-ake.webp',
    slug: 'opening-reading-letters-from-ake',
  },
  {
    id: '2',
    leftLabel: 'Visual Art',
    title: 'Indigo & Ink: An Adire and Illustration Exhibition',
    subtitle: 'Friday 24 October · 13:00',
    avatar: '/images/content/avatar-indigo-and-ink.webp',
    slug: 'indigo-and-ink',
  },
  {
    id: '3',
    leftLabel: 'Poetry',
    title: 'Poetry Under Olumo: Open Mic Night',
    subtitle: 'Friday 24 October · 18:30',
    avatar: '/images/content/avatar-poetry-under-olumo.webp',
    slug: 'poetry-under-olumo',
  },
  {
    id: '4',
    leftLabel: 'Film',
    title: 'Stories on Screen: From Page to Nollywood',
    subtitle: 'Saturday 25 October · 14:00',
    avatar: '/images/content/avatar-stories-on-screen.webp',
    slug: 'stories-on-screen',
  },
  {
    id: '5',
    leftLabel: 'Music',
    title: 'Homecoming: A Closing Concert of Highlife and Apala',
    subtitle: 'Saturday 25 October · 19:00',
    avatar: '/images/content/avatar-homecoming-closing-concert.webp',
    slug: 'homecoming-closing-concert',
  },
];
