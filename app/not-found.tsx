import type { Metadata } from 'next';
import { NotFoundBody } from '@/components/not-found/not-found-body';

export const metadata: Metadata = { title: 'Page not found', robots: { index: false } };

/**
 * The root 404. Next renders it into every page, so it must not read the request (a headers()
 * call here makes the whole site dynamic). Visitors rarely see it: proxy.ts sends missing pages
 * to app/missing/[kind] (see lib/not-found/missing.ts).
 */
export default function NotFound() {
  return <NotFoundBody kind="page" />;
}
