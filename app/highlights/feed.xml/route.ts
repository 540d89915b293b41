import { connection } from 'next/server';
import { getHighlights } from '@/lib/content';
import { FESTIVAL_FULL_NAME } from '@/contract/festival';
import { buildRss } from '@/contract/feeds/rss';
import { htmlToText, truncateText } from '@/contract/html/sanitize';
import { absoluteUrl } from '@/lib/seo/urls';


/** How many of the newest reports the feed carries. */
const FEED_SIZE = 50;

/** RSS 2.0 feed of the reports, newest first, at /highlights/feed.xml. */
export async function GET(): Promise<Response> {
  // Per request, like the sitemap (issue 17): publishing and unpublishing show at once everywhere.
  await connection();
  const { results } = await getHighlights({ limit: FEED_SIZE });
  const xml = buildRss({
    title: `${FESTIVAL_FULL_NAME} — Highlights`,
    link: absoluteUrl('/highlights'),
    selfUrl: absoluteUrl('/highlights/feed.xml'),
    description: 'Event reports from the Ìtàn Book & Arts Festival in Abeokuta.',
    items: results.map((h) => ({
      title: h.title,
      link: absoluteUrl(`/highlights/${encodeURIComponent(h.slug)}`),
      description: h.excerpt || truncateText(htmlToText(h.content), 300),
      date: h.date,
      category: h.category,
      author: h.author || undefined,
      // Only this site's own images: a reader fetches an enclosure by itself (no tracking pixels).
      imageUrl: /^\/(?!\/)/.test(h.image) ? absoluteUrl(h.image) : undefined,
    })),
  });
  return new Response(xml, {
    headers: {
      'Content-Type': 'application/rss+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=0, must-revalidate',
    },
  });
}
