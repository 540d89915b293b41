import type { MetadataRoute } from 'next';
import { allHighlights, eventSlugs, STATIC_PATHS } from '@/lib/content/paths';
import { getConfig } from '@/lib/config';
import { absoluteUrl } from '@/lib/seo/urls';

// Rebuilt at most once a minute, so a new report is listed without a deploy.
export const revalidate = 60;

const MAX_REPORTS = 1000;

/** Every public page: static routes, each report, each event (/{slug}) and programme (/events/{slug}). */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const config = getConfig();
  const [highlights, slugs] = await Promise.all([allHighlights(MAX_REPORTS), eventSlugs()]);
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
  return entries;
}
