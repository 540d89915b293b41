import sanitizeHtml from 'sanitize-html';

/**
 * Report bodies and event descriptions arrive as HTML from the API (spec §3), which we do not
 * control, so every body is cleaned on an allow-list before it reaches a page: only prose tags
 * survive, only a handful of attributes, only http(s)/mailto/tel links and http(s)/relative
 * images. Anything else (scripts, event handlers, style, SVG/MathML, forms, frames) is removed,
 * and for the dangerous containers their text content goes too.
 */
const ALLOWED_TAGS = [
  'p', 'br', 'hr', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'q', 'cite', 'ul', 'ol', 'li',
  'strong', 'b', 'em', 'i', 'u', 's', 'small', 'sub', 'sup', 'mark', 'abbr', 'a', 'img',
  'figure', 'figcaption', 'code', 'pre', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'caption',
];

/** Tags dropped together with everything inside them (not just unwrapped). */
const DROP_WITH_CONTENT = [
  'script', 'style', 'textarea', 'option', 'select', 'noscript', 'template', 'svg', 'math',
  'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'title', 'xmp', 'noembed',
  'noframes', 'plaintext', 'head', 'button', 'form',
];

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'title'],
    abbr: ['title'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  allowedStyles: {},
  disallowedTagsMode: 'discard',
  nonTextTags: DROP_WITH_CONTENT,
  enforceHtmlBoundary: false,
  parseStyleAttributes: false,
  transformTags: {
    // Every link leaves without handing over window.opener or the referrer.
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }),
    // Body headings sit under the page's h1; an h1 inside a body would break the outline.
    h1: 'h2',
  },
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href && !frame.text.trim(),
};

/** Returns HTML safe to render with dangerouslySetInnerHTML. Non-strings become ''. */
export function sanitizeBodyHtml(html: unknown): string {
  if (typeof html !== 'string' || html.length === 0) return '';
  return sanitizeHtml(html, SANITIZE_OPTIONS).trim();
}

/**
 * Where a report's images may come from: this site's stored media, `/api/media/<id>.<ext>`
 * (contract/api/reports.ts mediaUrl). Nothing else loads by itself on a report page or in a feed
 * reader, so a report cannot carry a tracking pixel or hotlink another site's image.
 */
const SITE_MEDIA_SRC = /^\/api\/media\/[A-Za-z0-9_-]+(\.[a-z0-9]+)?$/;

const REPORT_OPTIONS: sanitizeHtml.IOptions = {
  ...SANITIZE_OPTIONS,
  transformTags: {
    ...SANITIZE_OPTIONS.transformTags,
    // Any other image: an http(s) one becomes a plain link (its alt text, or its address, as the
    // text: the reader can still follow it, nothing is fetched); any other kind is dropped.
    img: (tagName, attribs): sanitizeHtml.Tag => {
      const src = (attribs.src ?? '').trim();
      if (SITE_MEDIA_SRC.test(src)) return { tagName, attribs: { ...attribs, src } };
      if (/^https?:\/\//i.test(src)) return { tagName: 'a', attribs: { href: src, rel: 'noopener noreferrer' }, text: attribs.alt?.trim() || src };
      // Kept as an img without a source and removed by the filter below: renaming a void tag to
      // an unknown one made sanitize-html close the next element with the unknown name.
      return { tagName, attribs: {} };
    },
  },
  // frame.tag is the name before transformTags: an image made a link has an href, a dropped one nothing.
  exclusiveFilter: (frame) => SANITIZE_OPTIONS.exclusiveFilter!(frame) || (frame.tag === 'img' && !frame.attribs.src && !frame.attribs.href),
};

/**
 * A report's body (the Markdown's HTML, or a stored or API report's HTML) as safe HTML: the
 * allow-list of sanitizeBodyHtml, and images only from this site's /api/media/ (SITE_MEDIA_SRC).
 */
export function sanitizeReportHtml(html: unknown): string {
  if (typeof html !== 'string' || html.length === 0) return '';
  return sanitizeHtml(html, REPORT_OPTIONS).trim();
}

/** Plain text from HTML (for descriptions, feeds and structured data): tags dropped, whitespace collapsed. */
export function htmlToText(html: unknown): string {
  if (typeof html !== 'string') return '';
  // Block ends become spaces first, so "<p>a</p><p>b</p>" reads "a b", not "ab".
  const spaced = html.replace(/<\/(p|h[1-6]|li|blockquote|div|td|th|figcaption)\s*>|<br\s*\/?>/gi, '$& ');
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {}, nonTextTags: DROP_WITH_CONTENT });
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '');
}

/** Cuts text at a word boundary, adding an ellipsis when it was cut. */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.5 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
