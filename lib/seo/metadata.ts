import type { Metadata } from 'next';
import { FESTIVAL_FULL_NAME, FESTIVAL_NAME } from '@/contract/festival';
import { truncateText } from '@/contract/html/sanitize';
import { absoluteUrl } from './urls';

export interface PageMetaInput {
  /** The page's own title; the site name is appended ("About · Ìtàn Festival"). */
  title: string;
  description: string;
  /** Site path, e.g. "/about". The canonical URL is SITE_URL + path. */
  path: string;
  /** Share image path or URL. Omit where a route provides opengraph-image itself. */
  image?: { url: string; alt: string; width?: number; height?: number };
  type?: 'website' | 'article';
  article?: { publishedTime?: string; authors?: string[]; section?: string; tags?: string[] };
  /** Thank-you pages and the like: not for search results. */
  noIndex?: boolean;
}

export function fullTitle(title: string): string {
  return title === FESTIVAL_NAME ? FESTIVAL_FULL_NAME : `${title} · ${FESTIVAL_NAME}`;
}

/**
 * Title, description, canonical, Open Graph and Twitter tags for one page. Titles are absolute so
 * they do not depend on a template in the root layout; URLs are absolute from SITE_URL.
 */
export function pageMetadata(input: PageMetaInput): Metadata {
  const url = absoluteUrl(input.path);
  const description = truncateText(input.description.replace(/\s+/g, ' ').trim(), 200);
  const title = fullTitle(input.title);
  const images = input.image
    ? [{ ...input.image, url: absoluteUrl(input.image.url) }]
    : undefined;
  return {
    // Resolves file-based images (opengraph-image.tsx) against SITE_URL rather than the request host.
    metadataBase: new URL(absoluteUrl('/')),
    title: { absolute: title },
    description,
    alternates: { canonical: url },
    openGraph: {
      title,
      description,
      url,
      siteName: FESTIVAL_FULL_NAME,
      locale: 'en_NG',
      type: input.type ?? 'website',
      ...(images ? { images } : {}),
      ...(input.type === 'article' && input.article
        ? {
            publishedTime: input.article.publishedTime,
            authors: input.article.authors,
            section: input.article.section,
            tags: input.article.tags,
          }
        : {}),
    },
    twitter: {
      card: 'summary_large_image',
      title,
      description,
      ...(images ? { images: images.map((i) => ({ url: i.url, alt: i.alt })) } : {}),
    },
    ...(input.noIndex ? { robots: { index: false, follow: true } } : {}),
  };
}
