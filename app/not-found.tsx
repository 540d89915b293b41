import type { Metadata } from 'next';
import { NotFoundBody } from '@/components/not-found/not-found-body';

export const metadata: Metadata = { title: 'Page not found', robots: { index: false } };

/** The root 404: any URL no route serves. Reports and events have their own (not-found.tsx beside them). */
export default function NotFound() {
  return <NotFoundBody kind="page" />;
}
