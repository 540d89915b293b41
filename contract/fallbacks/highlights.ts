import type { Highlight } from '@/contract/content/schemas';

/**
 * Event reports when /api/content/highlights/ cannot answer: four, all 'Event Report' (spec §3),
 * newest first so "the first n" are the most recent. Bodies are trusted HTML written here; the
 * page still sanitises whatever it renders, because API bodies are not ours.
 */
export const highlightsFallback: Highlight[] = [
  {
    id: '4',
    title: 'Poetry Under Olumo: An Evening of Open Verse',
    slug: 'poetry-under-olumo-august-2025',
    excerpt:
      'Forty-one poets, three languages and one generator that held out until the very last line: our August open mic ' +
      'turned a courtyard in Ake into the loudest, kindest room in Abeokuta.',
    content: `
<p>By six o’clock the plastic chairs were gone and people were sitting on the steps. The August edition of Poetry Under Olumo, our bi-monthly open mic, drew the biggest crowd we have seen outside the festival itself: students from FUNAAB and MAPOLY, civil servants still in their work clothes, two grandmothers who came for their grandson and stayed for everyone else.</p>
<h2>Forty-one poets, three languages</h2>
<p>We opened the sign-up sheet at five and closed it at forty-one names. Poems came in English, Yorùbá and Pidgin, often in the same stanza. The evening’s host kept every reader to four minutes with a talking drum instead of a bell, which turned out to be the most popular rule we have ever made.</p>
<blockquote><p>“I wrote this one on the danfo from Kuto. The driver does not know he is in it.”</p><p>— a first-time reader, introducing her poem</p></blockquote>
<p>The standout moments were the quiet ones. A nineteen-year-old read a poem about her father’s tailoring shop in Itoku that left the courtyard silent for a full breath before the applause. A retired teacher recited D. O. Fagunwa from memory and then read his own reply to it.</p>
<h2>What we learned</h2>
<ul>
<li>People will come out for poetry on a weekday if it starts after work and ends before the last bus.</li>
<li>A four-minute limit is generous enough to say something and short enough to keep the room.</li>
<li>Bring a second generator. Bring a third extension cable.</li>
</ul>
<p>Five of the evening’s readers have been invited to the festival’s Poetry Under Olumo night on 24 October. The next open mic is in October, during the festival itself; sign-ups open at the door.</p>
`.trim(),
    image: '/images/content/highlight-poetry-under-olumo-august-2025.webp',
    date: '2025-08-23',
    readTime: '4 min read',
    category: 'Event Report',
    author: 'Tolúlọpẹ́ Adéyẹmí',
    tags: ['Poetry', 'Open Mic', 'Bi-Monthly', 'Abeokuta'],
  },
  {
    id: '3',
    title: 'Reading Rooms Opens in Three Abeokuta Schools',
    slug: 'reading-rooms-three-schools-2025',
    excerpt:
      'Eleven hundred donated books, three refurbished classrooms and a rota of volunteer readers: our literacy ' +
      'programme’s first reading rooms are now open to pupils in Abeokuta North and South.',
    content: `
<p>On a wet Thursday morning, pupils at three public schools in Abeokuta walked into classrooms that had been store rooms a month earlier. Shelves built by a carpenter from Lafenwa, floor cushions sewn from leftover adire, and more than eleven hundred books, most of them Nigerian and African titles, many of them donated by readers who came to our bi-monthly events.</p>
<h2>Why reading rooms</h2>
<p>Most public primary schools in Ogun State have no library. Teachers told us that children who can decode words still rarely finish a whole book, because there is no book to finish. A reading room is the simplest fix we know: a quiet place, books a child recognises, and an adult who has time to listen.</p>
<blockquote><p>“They asked if they could take the books home. When I said yes, one boy asked again, just to be sure.”</p><p>— a head teacher in Abeokuta North</p></blockquote>
<h2>What each room holds</h2>
<ul>
<li>Picture books and readers in English and Yorùbá for Primary 1 to 3.</li>
<li>Chapter books, folk tales and poetry anthologies for Primary 4 to 6.</li>
<li>A borrowing notebook kept by pupil librarians, two per class.</li>
<li>A weekly story hour led by trained festival volunteers.</li>
</ul>
<p>We are grateful to the parents’ associations who cleared the rooms and to every reader who dropped a book in the donation box at our events. The next three rooms open in the new term; if your school, church or company would like to sponsor one, write to us through the partnerships page.</p>
`.trim(),
    image: '/images/content/highlight-reading-rooms-three-schools-2025.webp',
    date: '2025-08-21',
    readTime: '5 min read',
    category: 'Event Report',
    author: 'Chidinma Okafor',
    tags: ['Literacy', 'Libraries', 'Schools', 'Community'],
  },
  {
    id: '2',
    title: 'Indigo, Ink and Memory: Our Adire Illustration Workshop',
    slug: 'adire-illustration-workshop-2025',
    excerpt:
      'Twenty-four young illustrators spent a weekend with adire makers in Itoku, learning to turn resist-dye ' +
      'patterns into book covers, picture-book spreads and a shared mural.',
    content: `
<p>Abeokuta has dyed cloth in indigo for longer than anyone can date, and the adire makers of Itoku still work within walking distance of the market that made the city famous. In August we asked a simple question: what happens when illustrators learn from them?</p>
<h2>Two days, two workshops</h2>
<p>On Saturday, twenty-four illustrators aged 16 to 30 worked alongside three master dyers, learning <em>eleko</em> (starch resist) and <em>alabere</em> (stitch resist), and the stories held in patterns such as <em>Olokun</em> and <em>Ibadadun</em>. On Sunday they carried those patterns onto paper, designing book covers and picture-book spreads for stories chosen from our book circle.</p>
<blockquote><p>“Every pattern is a sentence. You have to know what you are saying before you draw it.”</p><p>— one of the master dyers, on the first morning</p></blockquote>
<h2>What came out of it</h2>
<ul>
<li>Twenty-four book-cover designs, eight of which will hang in the festival exhibition <strong>Indigo &amp; Ink</strong>.</li>
<li>A four-metre mural painted by all participants, now on the wall of the community hall that hosted us.</li>
<li>A small pattern library, photographed and described, that the dyers have agreed to share with illustrators.</li>
</ul>
<p>Thank you to the families in Itoku who opened their yards to us, and to the participants who arrived with sketchbooks and left with blue hands. The full exhibition opens on the first day of the festival.</p>
`.trim(),
    image: '/images/content/highlight-adire-illustration-workshop-2025.webp',
    date: '2025-08-16',
    readTime: '5 min read',
    category: 'Event Report',
    author: 'Ifeoluwa Bámidélé',
    tags: ['Visual Art', 'Adire', 'Workshop', 'Illustration'],
  },
  {
    id: '1',
    title: 'The July Book Circle: Soyinka’s Aké, Read Where It Happened',
    slug: 'july-book-circle-ake-2025',
    excerpt:
      'Our July book circle read Aké: The Years of Childhood a short walk from the parsonage it describes, with ' +
      'readers from nine to seventy-three and a debate that ran well past closing time.',
    content: `
<p>There are few places in the world where you can read a memoir a short walk from the house it remembers. In July, our bi-monthly book circle took <em>Aké: The Years of Childhood</em> back to Ake, and nearly a hundred readers came with us.</p>
<h2>Reading in the right place</h2>
<p>We began with a slow walk past the parsonage, the church and the old grammar school streets, stopping to read short passages aloud. Then we settled in for the circle itself: three readings, an open conversation, and a table of puff-puff and zobo that emptied faster than the book stall.</p>
<blockquote><p>“I have read this book four times. This is the first time I have smelled it.”</p><p>— a reader from Ibara, after the walk</p></blockquote>
<h2>The conversation</h2>
<p>The debate that held the room was about memory: how much of a childhood can a writer honestly remember, and does it matter? Younger readers loved Wild Christian; older readers defended Essay. A nine-year-old asked why nobody in the book had a phone, which was the best question of the afternoon.</p>
<ul>
<li>Readers: 96, from nine to seventy-three years old.</li>
<li>Books sold by our partner bookseller: 58, a third of them to first-time buyers.</li>
<li>Books donated to the Reading Rooms programme: 143.</li>
</ul>
<p>The book circle meets every other month. September’s title is announced on our newsletter first; subscribe at the bottom of this page.</p>
`.trim(),
    image: '/images/content/highlight-july-book-circle-ake-2025.webp',
    date: '2025-07-22',
    readTime: '6 min read',
    category: 'Event Report',
    author: 'Olúwaṣeun Àjàyí',
    tags: ['Book Circle', 'Bi-Monthly', 'Soyinka', 'Reading'],
  },
];
