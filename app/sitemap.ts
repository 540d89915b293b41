import type { MetadataRoute } from 'next';
import { connection } from 'next/server';
import { allHighlights, eventSlugs, programmePaths, STATIC_PATHS } from '@/lib/content/paths';
import { getConfig } from '@/lib/config';
import { absoluteUrl } from '@/lib/seo/urls';

const MAX_REPORTS = 1000;

/**
 * Every public page: static routes, each report, each event (/{slug}) and session of every edition
 * (/events/{slug}), each speaker (/speakers/{slug}) and past edition's programme (/programme/{edition}).
 */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  // Built per request from the reports as they are now (issue 17): a report published or
  // unpublished in the staff area is in or out at once, on every instance (a copy kept by one
  // instance's ISR cache would lag on the others). Content reads are cheap: in-process, or the
  // external API's answers from Next's data cache.
  await connection();
  const config = getConfig();
  const [highlights, slugs, programme] = await Promise.all([allHighlights(MAX_REPORTS), eventSlugs(), programmePaths()]);
  const entries: MetadataRoute.Sitemap = STATIC_PATHS.map((path) => ({
    url: absoluteUrl(path),
    changeFrequency: path === '/' || path === '/highlights' ? 'weekly' : 'monthly',
    priority: path === '/' ? 1 : 0.7,
  }));
  if (!config.volunteerIsExternal) entries.push({ url: absoluteUrl('/volunteer/apply'), changeFrequency: 'monthly', priority: 0.5 });

  const seen = new Set(entries.map((e) => e.url));
  const add = (path: string, extra: Partial<MetadataRoute.Sitemap[number]> = {}) => {
    const url = absoluteUrl(path);
    if (seen.has(url)) return;
    seen.add(url);
    entries.push({ url, changeFrequency: 'monthly', priority: 0.6, ...extra });
  };

  for (const h of highlights) {
    const modified = new Date(/^\d{4}-\d{2}-\d{2}$/.test(h.date) ? `${h.date}T12:00:00+01:00` : h.date);
    add(`/highlights/${encodeURIComponent(h.slug)}`, Number.isNaN(modified.getTime()) ? {} : { lastModified: modified });
  }
  for (const slug of slugs.events) add(`/${encodeURIComponent(slug)}`);
  for (const slug of slugs.programmes) add(`/events/${encodeURIComponent(slug)}`);
  for (const slug of programme.speakers) add(`/speakers/${encodeURIComponent(slug)}`);
  for (const key of programme.pastEditions) add(`/programme/${encodeURIComponent(key)}`, { changeFrequency: 'yearly', priority: 0.4 });
  return entries;
}
