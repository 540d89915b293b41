/** The four strands' own pages (spec §2): what each one is, in the festival's words. */
export type CategorySlug = 'annual-festival' | 'bi-monthly' | 'literacy-libraries' | 'creative-economy';

export interface CategoryCopy {
  slug: CategorySlug;
  eyebrow: string;
  title: string;
  description: string;
  whatItIs: string[];
  points: string[];
}

export const CATEGORY_COPY: Record<CategorySlug, CategoryCopy> = {
  'annual-festival': {
    slug: 'annual-festival',
    eyebrow: 'Annual Festival',
    title: 'The Ìtàn Book & Arts Festival',
    description:
      'A free festival of readings, panels, exhibitions, open mic poetry, film and music at Centenary Hall, Ake, Abeokuta.',
    whatItIs: [
      'Once a year Ake becomes a festival town. Writers, illustrators, musicians, filmmakers and readers from across Nigeria meet for a festival of conversations and performances, all free to attend.',
      'One registration gets you a wristband for every day of the festival, from the opening reading to the closing concert.',
    ],
    points: ['Readings and panel conversations', 'Indigo & Ink exhibition', 'Poetry Under Olumo open mic', 'Film screenings, a book market and a closing concert'],
  },
  'bi-monthly': {
    slug: 'bi-monthly',
    eyebrow: 'Bi-Monthly Events',
    title: 'Book circles and open mics, every other month',
    description:
      'Between festivals, Ìtàn meets every other month: book circles in places with stories of their own, and Poetry Under Olumo open mic nights.',
    whatItIs: [
      'The festival began as a reading circle, and the circle still meets every other month somewhere in Abeokuta that has a story of its own.',
      'Come to listen, to argue about the book, or to read a poem of your own at the open mic. You do not need to have finished the book.',
    ],
    points: ['A new title every other month', 'Readings in historic places around Abeokuta', 'Open mic nights in English, Yorùbá and Pidgin', 'Free, with zobo and puff-puff'],
  },
  'literacy-libraries': {
    slug: 'literacy-libraries',
    eyebrow: 'Literacy & Libraries',
    title: 'Reading Rooms for Abeokuta’s schools',
    description:
      'Reading Rooms turns store rooms into school libraries, stocked with donated Nigerian and African books and run with volunteer story readers.',
    whatItIs: [
      'Most public primary schools in Ogun State have no library. Our Reading Rooms programme builds one a day at a time, with shelves, cushions and books children recognise.',
      'Volunteers read aloud every week and train pupil librarians to run the borrowing book.',
    ],
    points: ['Three rooms open, more each term', 'Books in English and Yorùbá', 'Weekly story hours led by volunteers', 'Book donations collected at every event'],
  },
  'creative-economy': {
    slug: 'creative-economy',
    eyebrow: 'Creative Economy',
    title: 'Making a living from stories',
    description:
      'The Creative Economy Forum brings writers, illustrators, musicians and filmmakers together with publishers, booksellers, funders and lawyers.',
    whatItIs: [
      'A creative life should be a livelihood, not a gamble. The forum is a day of practical sessions about money: advances and royalties, pricing books in naira, rights and adaptation deals, and funding that does not cost you your voice.',
      'It ends with speed meetings between creators and the industry.',
    ],
    points: ['Contracts, rights and royalties', 'Grants and funding', 'Pricing and selling work in Nigeria', 'Speed meetings with publishers and producers'],
  },
};
