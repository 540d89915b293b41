import { Marked } from 'marked';
import { foldText } from '@/contract/fold';
import { htmlToText, sanitizeReportHtml } from '@/contract/html/sanitize';

/**
 * Report bodies are written in Markdown (marked, GitHub-flavoured) and kept as the HTML it makes
 * after the site's sanitize-html allow-list (contract/html/sanitize.ts): raw HTML inside the Markdown
 * goes through the same allow-list as any API body, `javascript:` and other schemes are dropped,
 * and every link gets rel="noopener noreferrer". Images must be this site's uploads (/api/media/):
 * `![x](https://elsewhere/p.png)` becomes a plain link to that address, never an image that loads.
 */
const markdown = new Marked({ gfm: true, breaks: false, async: false });

export function renderReportMarkdown(source: string): string {
  return sanitizeReportHtml(markdown.parse(source, { async: false }));
}

/** Words per minute for the read time, a common reading speed for prose. */
const WORDS_PER_MINUTE = 200;

export function readTimeOf(html: string): string {
  const words = htmlToText(html).split(/\s+/).filter(Boolean).length;
  return `${Math.max(1, Math.ceil(words / WORDS_PER_MINUTE))} min read`;
}

/** "Ìtàn: Readers' Day 2026!" -> "itan-readers-day-2026"; "report" when nothing is left. */
export function slugify(title: string): string {
  const slug = foldText(title)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'report';
}
