import type { MetadataRoute } from 'next';
import { getAllEventDetails, getEvents, getHighlights, getPrograms } from '@/lib/content';
import { getConfig } from '@/lib/config';
import { absoluteUrl } from '@/lib/seo/urls';

export const dynamic = 'force-dynamic';

/** Routes with their own page file (the four category pages are also the event-grid slugs). */
const STATIC_PATHS = [
  '/',
  '/about',
  '/highlights',
  '/volunteer',
  '/donations',
  '/partnerships',
  '/register',
  '/annual-festival',
  '/bi-monthly',
  '/literacy-libraries',
  '/creative-economy',
] as const;

const STATIC_SET = new Set<string>(STATIC_PATHS);
const MAX_REPORTS = 1000;
const PAGE = 100;

async function allHighlights() {
  const all = [];
  for (let page = 1; all.length < MAX_REPORTS; page += 1) {
    const { results, count } = await getHighlights({ limit: PAGE, page });
    all.push(...results);
    if (results.length < PAGE || all.length >= count) break;
  }
  return all;
}

/** Every public page: static routes, each report, each event (/{slug}) and programme (/events/{slug}). */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const config = getConfig();
  const [highlights, events, programs] = await Promise.all([allHighlights(), getEvents(), getPrograms()]);
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
  const eventSlugs = [events.heroEvent.slug, ...events.events.map((e) => e.slug)];
  for (const detail of getAllEventDetails()) if (detail.kind === 'event') eventSlugs.push(detail.slug);
  for (const slug of eventSlugs) {
    const path = `/${encodeURIComponent(slug)}`;
    if (!STATIC_SET.has(path)) add(path);
  }
  const programSlugs = [...programs.map((p) => p.slug), ...getAllEventDetails().filter((d) => d.kind === 'program').map((d) => d.slug)];
  for (const slug of programSlugs) add(`/events/${encodeURIComponent(slug)}`);
  return entries;
}
