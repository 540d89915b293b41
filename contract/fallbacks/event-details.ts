import type { EventDetail } from '@/contract/content/schemas';
import { FESTIVAL_VENUE } from '@/contract/festival';
import { SEED_EDITION, festivalDescription, festivalTitle } from '@/contract/edition-copy';

/** The address of sessions at the festival venue (their JSON-LD gets the venue's full address and map pin from /visit). */
export const FESTIVAL_ADDRESS = 'Centenary Hall, Ake, Abeokuta, Ogun State';

/**
 * What sits behind every event and programme link: the hero event and the three grid events
 * (/{slug}) and the five programme rows (/events/{slug}). Static data: the API has no detail
 * endpoint (spec §7). Times are written around FALLBACK_FESTIVAL_START_DATE (24 October 2025);
 * lib/content/static.ts moves them with the configured FESTIVAL_START_DATE, the one source of truth.
 * The festival's title and description name the edition, its days and their weekdays: computed
 * for SEED_EDITION here and for the current edition when shown (contract/content/shift.ts). The
 * other copy names no weekday, year or ordinal, so it is true whatever year it moves to.
 */
export const eventDetailsFallback: EventDetail[] = [
  {
    slug: 'annual-festival',
    title: festivalTitle(SEED_EDITION),
    kind: 'event',
    startsAt: '2025-10-24T09:00:00+01:00',
    endsAt: '2025-10-25T22:00:00+01:00',
    venue: FESTIVAL_VENUE,
    address: FESTIVAL_ADDRESS,
    description: festivalDescription(SEED_EDITION),
    image: '/images/content/event-annual-festival.webp',
  },
  {
    slug: 'bi-monthly',
    title: 'Bi-Monthly Book Circle: Readings at the Rock',
    kind: 'event',
    startsAt: '2025-09-27T15:00:00+01:00',
    endsAt: '2025-09-27T18:30:00+01:00',
    venue: 'Olumo Rock Tourist Complex, Ikija',
    address: 'Olumo Rock Tourist Complex, Ikija, Abeokuta, Ogun State',
    description:
      '<p>Every other month our book circle meets somewhere in Abeokuta that has a story of its own. This time we climb to Olumo Rock for an afternoon of readings from the month’s title, a guided conversation and an open floor.</p>' +
      '<p>You do not need to have finished the book, or even started it. Come to listen, to argue, or to find your next read at the bookseller’s table. Zobo and puff-puff are on us.</p>',
    image: '/images/content/event-bi-monthly.webp',
  },
  {
    slug: 'literacy-libraries',
    title: 'Reading Rooms: Literacy & Libraries Build Day',
    kind: 'event',
    startsAt: '2025-10-11T09:00:00+01:00',
    endsAt: '2025-10-11T15:00:00+01:00',
    venue: 'Partner primary school, Abeokuta South',
    address: 'Abeokuta South Local Government Area, Ogun State (exact school confirmed to registered volunteers)',
    description:
      '<p>A reading room takes one day to build when enough people turn up. Join us to sand and paint shelves, sort and label donated books, and set up a quiet corner where pupils can read for pleasure.</p>' +
      '<p>Bring a book to donate if you can: picture books, readers in English and Yorùbá, and chapter books for ages nine to twelve are the most needed. Lunch is provided for everyone who stays the day.</p>',
    image: '/images/content/event-literacy-libraries.webp',
  },
  {
    slug: 'creative-economy',
    title: 'Creative Economy Forum: Making a Living from Stories',
    kind: 'event',
    startsAt: '2025-10-23T10:00:00+01:00',
    endsAt: '2025-10-23T16:00:00+01:00',
    venue: FESTIVAL_VENUE,
    address: FESTIVAL_ADDRESS,
    description:
      '<p>On the eve of the festival, writers, illustrators, musicians and filmmakers sit down with publishers, booksellers, grant makers and lawyers to talk about money: advances and royalties, pricing books in naira, rights and adaptation deals, and funding that does not cost you your voice.</p>' +
      '<p>The forum runs as three practical sessions with time for questions, followed by speed meetings between creators and the industry. Places are limited; register early.</p>',
    image: '/images/content/event-creative-economy.webp',
  },
  {
    slug: 'opening-reading-letters-from-ake',
    title: 'Opening Reading: Letters from Ake',
    kind: 'program',
    startsAt: '2025-10-24T10:00:00+01:00',
    endsAt: '2025-10-24T11:30:00+01:00',
    venue: FESTIVAL_VENUE,
    address: FESTIVAL_ADDRESS,
    description:
      '<p>The festival opens where so many Nigerian stories began: in Ake. Four writers read new work written as letters to the town, from memoir and fiction to poetry, followed by a short conversation with the audience.</p>' +
      '<p>Arrive early; the opening reading is the one session everybody wants to say they saw.</p>',
    image: '/images/content/event-opening-reading-letters-from-ake.webp',
  },
  {
    slug: 'indigo-and-ink',
    title: 'Indigo & Ink: An Adire and Illustration Exhibition',
    kind: 'program',
    startsAt: '2025-10-24T13:00:00+01:00',
    endsAt: '2025-10-25T18:00:00+01:00',
    venue: 'Exhibition Hall, Centenary Hall grounds, Ake',
    address: FESTIVAL_ADDRESS,
    description:
      '<p>Eight book covers and picture-book spreads from our adire illustration workshop hang beside the adire cloths that inspired them, made by master dyers from Itoku.</p>' +
      '<p>Guides are on hand throughout both days to explain the patterns, the starch and stitch resist techniques, and the stories the cloth has carried for generations.</p>',
    image: '/images/content/event-indigo-and-ink.webp',
  },
  {
    slug: 'poetry-under-olumo',
    title: 'Poetry Under Olumo: Open Mic Night',
    kind: 'program',
    startsAt: '2025-10-24T18:30:00+01:00',
    endsAt: '2025-10-24T21:30:00+01:00',
    venue: 'Courtyard stage, Centenary Hall, Ake',
    address: FESTIVAL_ADDRESS,
    description:
      '<p>Our bi-monthly open mic comes to the festival. Five featured poets from this year’s sessions open the night; then the floor belongs to anyone with four minutes and something to say, in English, Yorùbá, Pidgin or any language you dream in.</p>' +
      '<p>Sign-ups open at the door at 17:30 and close when the list is full. The talking drum keeps time.</p>',
    image: '/images/content/event-poetry-under-olumo.webp',
  },
  {
    slug: 'stories-on-screen',
    title: 'Stories on Screen: From Page to Nollywood',
    kind: 'program',
    startsAt: '2025-10-25T14:00:00+01:00',
    endsAt: '2025-10-25T17:00:00+01:00',
    venue: 'Main Hall, Centenary Hall, Ake',
    address: FESTIVAL_ADDRESS,
    description:
      '<p>A screening of short films adapted from Nigerian short stories, followed by a conversation between the writers and the directors who brought their work to the screen.</p>' +
      '<p>What changes when a story leaves the page? What should never change? And how do writers make sure they are paid when it does? Bring your questions.</p>',
    image: '/images/content/event-stories-on-screen.webp',
  },
  {
    slug: 'homecoming-closing-concert',
    title: 'Homecoming: A Closing Concert of Highlife and Apala',
    kind: 'program',
    startsAt: '2025-10-25T19:00:00+01:00',
    endsAt: '2025-10-25T22:00:00+01:00',
    venue: 'Open-air stage, Centenary Hall grounds, Ake',
    address: FESTIVAL_ADDRESS,
    description:
      '<p>We close the festival the way Abeokuta celebrates: with music. A highlife band and an apala ensemble share the open-air stage, with poets from the weekend reading between sets.</p>' +
      '<p>Free with your festival wristband. Dancing is not compulsory, but it is strongly encouraged.</p>',
    image: '/images/content/event-homecoming-closing-concert.webp',
  },
];
