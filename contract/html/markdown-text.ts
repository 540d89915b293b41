import { lookup } from '@/contract/lookup';
import { renderReportMarkdown } from './markdown';

/**
 * The plain-text part of a mail written in Markdown (newsletter campaigns): the same rendering and
 * allow-list as the HTML part (renderReportMarkdown), then read as text: paragraphs and headings
 * stay apart by a blank line, list items start with "- ", a link keeps its address beside its
 * text, an image becomes its description. Relative addresses are made absolute with `siteUrl`.
 */
export function markdownToText(source: string, siteUrl: string): string {
  return htmlAsText(renderReportMarkdown(source), siteUrl);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return lookup(ENTITIES, name.toLowerCase()) ?? whole;
  });
}

/** Relative addresses of this site ("/api/media/…", "/highlights") as absolute ones. */
export function absoluteUrl(url: string, siteUrl: string): string {
  return /^\/(?![/\\])/.test(url) ? `${siteUrl.replace(/\/+$/, '')}${url}` : url;
}

function htmlAsText(html: string, siteUrl: string): string {
  // The HTML is the allow-list's output (double-quoted attributes, no scripts): reading it with
  // patterns is safe here, and the result is text, never shown as HTML.
  const marked = html
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, inner: string) => {
      const url = absoluteUrl(decode(href), siteUrl);
      const label = decode(inner.replace(/<[^>]*>/g, '')).trim();
      return label && label !== url ? `${label} (${url})` : url;
    })
    .replace(/<img\s[^>]*?alt="([^"]*)"[^>]*>/gi, (_, alt: string) => (alt ? `[${alt}]` : ''))
    .replace(/<\/li>\s*/gi, '')
    .replace(/<li[^>]*>/gi, '\n- ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<hr\s*\/?>/gi, '\n\n---\n\n')
    .replace(/<\/(p|h[1-6]|blockquote|pre|ul|ol|table|tr|figure)\s*>/gi, '\n\n')
    .replace(/<\/(td|th)\s*>/gi, '\t');
  const stripped = decode(marked.replace(/<[^>]*>/g, ''));
  return stripped
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
