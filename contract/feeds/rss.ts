import { escapeXml } from './xml';

export interface RssItem {
  title: string;
  /** Absolute URL of the item's page; also its guid. */
  link: string;
  /** Plain text (an excerpt): written so readers show it as text (rssText). */
  description: string;
  /** YYYY-MM-DD or an ISO timestamp. */
  date: string;
  category?: string;
  author?: string;
  /** Absolute URL of an image, sent as an enclosure. */
  imageUrl?: string;
}

export interface RssChannel {
  title: string;
  /** The site page the feed belongs to (absolute). */
  link: string;
  /** The feed's own absolute URL (atom:link rel=self). */
  selfUrl: string;
  description: string;
  language?: string;
  items: readonly RssItem[];
}

/**
 * RFC 822 date for <pubDate>. A bare YYYY-MM-DD is a Lagos calendar day, so noon Lagos time keeps
 * it on the same day in every reader's time zone from UTC-11 to UTC+11.
 */
export function rssDate(value: string): string | undefined {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00+01:00`) : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toUTCString();
}

function imageType(url: string): string {
  const ext = url.split('?')[0]?.split('.').pop()?.toLowerCase();
  if (ext === 'png') return 'image/png';
  if (ext === 'webp') return 'image/webp';
  if (ext === 'svg') return 'image/svg+xml';
  if (ext === 'avif') return 'image/avif';
  return 'image/jpeg';
}

/**
 * Plain text as an RSS <description>: readers take that element's text as HTML, so the text is
 * escaped as HTML first (then, by the caller, as XML). An excerpt reading "<script>…" or "a &lt; b"
 * is then shown as typed, never run or rendered as markup.
 */
export function rssText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** An RSS 2.0 document. Items keep the order given (callers pass newest first). */
export function buildRss(channel: RssChannel): string {
  const newest = channel.items.map((i) => rssDate(i.date)).find(Boolean);
  const items = channel.items.map((item) => {
    const pubDate = rssDate(item.date);
    return [
      '    <item>',
      `      <title>${escapeXml(item.title)}</title>`,
      `      <link>${escapeXml(item.link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(item.link)}</guid>`,
      `      <description>${escapeXml(rssText(item.description))}</description>`,
      pubDate ? `      <pubDate>${pubDate}</pubDate>` : '',
      item.category ? `      <category>${escapeXml(item.category)}</category>` : '',
      item.author ? `      <dc:creator>${escapeXml(item.author)}</dc:creator>` : '',
      item.imageUrl
        ? `      <enclosure url="${escapeXml(item.imageUrl)}" type="${imageType(item.imageUrl)}" length="0"/>`
        : '',
      '    </item>',
    ]
      .filter(Boolean)
      .join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    <title>${escapeXml(channel.title)}</title>`,
    `    <link>${escapeXml(channel.link)}</link>`,
    `    <description>${escapeXml(rssText(channel.description))}</description>`,
    `    <language>${escapeXml(channel.language ?? 'en-NG')}</language>`,
    `    <atom:link href="${escapeXml(channel.selfUrl)}" rel="self" type="application/rss+xml"/>`,
    newest ? `    <lastBuildDate>${newest}</lastBuildDate>` : '',
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ]
    .filter((line) => line !== '')
    .join('\n')
    .concat('\n');
}
