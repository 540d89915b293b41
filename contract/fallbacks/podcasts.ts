import type { Podcast } from '@/contract/content/schemas';

/**
 * Podcast episodes when /api/content/podcasts/ cannot answer. The links are search links on each
 * platform (they always resolve); the festival replaces them with its episode URLs.
 */
export const podcastsFallback: Podcast[] = [
  {
    id: 'ep-01',
    title: 'Episode 1: Why Abeokuta, Why Now?',
    image: '/images/content/podcast-ep-01.webp',
    youtubeUrl: 'https://www.youtube.com/results?search_query=%C3%8Ct%C3%A0n+Festival+Why+Abeokuta+Why+Now',
    spotifyUrl: 'https://open.spotify.com/search/%C3%8Ct%C3%A0n%20Festival%20Why%20Abeokuta',
    description:
      'The founding team on building a book festival in the city of Soyinka and Kuti: the rock, the libraries, ' +
      'the reading clubs that never stopped meeting, and why the next great Nigerian novel might be written in Ake.',
    duration: '42 min',
  },
  {
    id: 'ep-02',
    title: 'Episode 2: Writing in Yorùbá for the Group Chat Generation',
    image: '/images/content/podcast-ep-02.webp',
    youtubeUrl: 'https://www.youtube.com/results?search_query=%C3%8Ct%C3%A0n+Festival+Writing+in+Yoruba',
    spotifyUrl: 'https://open.spotify.com/search/%C3%8Ct%C3%A0n%20Festival%20Writing%20in%20Yoruba',
    description:
      'Two poets and a children’s author on tone marks, WhatsApp voice notes, and what it takes to get a teenager in ' +
      'Ibadan or Abeokuta to read, and write, in their mother tongue.',
    duration: '37 min',
  },
];
