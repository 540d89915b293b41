import type { Hero } from '@/contract/content/schemas';

/** The home page hero when /api/content/hero/ cannot answer. */
export const heroFallback: Hero = {
  title: 'Stories that gather a city',
  body:
    'Ìtàn Book & Arts Festival brings writers, poets, painters, musicians and filmmakers to Abeokuta for readings, ' +
    'exhibitions, conversations and performances under the shadow of Olumo Rock. Come for the books, stay for the adire, ' +
    'the talking drums and the arguments over jollof. Entry is free; a wristband gets you into everything.',
  ctaText: 'Register for free',
  heroImage: '/images/content/hero.webp',
};
