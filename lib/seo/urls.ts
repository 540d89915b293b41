import { getConfig } from '@/lib/config';

/** An absolute URL on the configured public site (SITE_URL), for canonicals, feeds and sharing. */
export function absoluteUrl(path: string, siteUrl: string = getConfig().siteUrl): string {
  if (/^https?:\/\//i.test(path)) return path;
  const clean = path.startsWith('/') ? path : `/${path}`;
  return `${siteUrl}${clean === '/' ? '/' : clean}`;
}
